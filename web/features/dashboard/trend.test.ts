import { describe, expect, it } from 'vitest';
import { trendOf } from './trend';

describe('today against the same time last week', () => {
  it('says up or down by a whole percentage', () => {
    expect(trendOf(12_000, 10_000)).toEqual({ direction: 'up', percent: 20 });
    expect(trendOf(7_500, 10_000)).toEqual({ direction: 'down', percent: 25 });
    expect(trendOf(0, 10_000)).toEqual({ direction: 'down', percent: 100 });
  });

  it('calls a change that rounds to 0 % the same', () => {
    expect(trendOf(10_040, 10_000)).toEqual({ direction: 'same', percent: 0 });
    expect(trendOf(10_000, 10_000)).toEqual({ direction: 'same', percent: 0 });
  });

  it('has nothing to say when last week had nothing', () => {
    expect(trendOf(5_000, 0)).toBeNull();
    expect(trendOf(0, 0)).toBeNull();
  });
});
