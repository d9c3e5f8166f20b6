import { describe, expect, it } from 'vitest';
import { turnsPerKey } from './table-turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('turnsPerKey', () => {
  it('runs at most the limit per key at once, in the order they came, and other keys freely', async () => {
    const turns = turnsPerKey(2);
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const started: string[] = [];
    const call = (key: string, name: string, fail = false) =>
      turns(key, async () => {
        started.push(name);
        running.set(key, (running.get(key) ?? 0) + 1);
        most.set(key, Math.max(most.get(key) ?? 0, running.get(key)!));
        await tick();
        running.set(key, running.get(key)! - 1);
        if (fail) throw new Error(name);
        return name;
      });
    const answers = await Promise.allSettled([
      call('a', 'a1'),
      call('a', 'a2', true),
      call('a', 'a3'),
      call('a', 'a4'),
      call('a', 'a5'),
      call('b', 'b1'),
      call('b', 'b2'),
      call('b', 'b3'),
    ]);
    expect(most.get('a')).toBe(2);
    expect(most.get('b')).toBe(2);
    expect(started.filter((name) => name.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    // A failing call gives its turn back like any other.
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await call('a', 'a6')).toBe('a6');
  });
});
