import { describe, expect, it } from 'vitest';
import { batchesPerKey } from './tap-batches';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A batcher that records its calls; items named 'bad' fail, and a batch holding one fails. */
function recorded(max = 3) {
  const calls: string[][] = [];
  const running = new Map<string, number>();
  let most = 0;
  const work = async (items: string[]) => {
    const key = items[0]!.split(':')[0]!;
    calls.push(items);
    running.set(key, (running.get(key) ?? 0) + 1);
    most = Math.max(most, running.get(key)!);
    await tick();
    running.set(key, running.get(key)! - 1);
    if (items.some((item) => item.endsWith('bad'))) throw new Error(`failed: ${items.join(',')}`);
    return items.map((item) => `done ${item}`);
  };
  const batch = batchesPerKey<string, string>({
    max,
    one: async (item) => (await work([item]))[0]!,
    many: work,
  });
  return { calls, most: () => most, send: (item: string) => batch(item.split(':')[0]!, item) };
}

describe('batchesPerKey', () => {
  it('sends a lone item at once, and what arrives meanwhile together in the next call, in order', async () => {
    const { calls, most, send } = recorded();
    const answers = await Promise.all(['a:1', 'a:2', 'a:3', 'a:4', 'a:5'].map(send));
    expect(answers).toEqual(['done a:1', 'done a:2', 'done a:3', 'done a:4', 'done a:5']);
    expect(calls).toEqual([['a:1'], ['a:2', 'a:3', 'a:4'], ['a:5']]);
    expect(most()).toBe(1);
  });

  it('keeps keys apart: each has its own call at a time', async () => {
    const { calls, send } = recorded();
    await Promise.all(['a:1', 'b:1', 'a:2', 'b:2', 'a:3'].map(send));
    expect(calls).toEqual([['a:1'], ['b:1'], ['a:2', 'a:3'], ['b:2']]);
  });

  it('sends the items of a failed call again one at a time, so only the bad one fails', async () => {
    const { calls, send } = recorded();
    const answers = await Promise.allSettled(['a:1', 'a:2', 'a:bad', 'a:4'].map(send));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : String(a.reason)))).toEqual([
      'done a:1',
      'done a:2',
      'Error: failed: a:bad',
      'done a:4',
    ]);
    expect(calls).toEqual([['a:1'], ['a:2', 'a:bad', 'a:4'], ['a:2'], ['a:bad'], ['a:4']]);
  });

  it('starts afresh once a key is quiet', async () => {
    const { calls, send } = recorded();
    await send('a:1');
    await send('a:2');
    expect(calls).toEqual([['a:1'], ['a:2']]);
  });
});
