/** Today against last week: the direction and the whole percentage of the change. */
export type TrendOf = { direction: 'up' | 'down' | 'same'; percent: number };

/**
 * How `now` compares with `before`, rounded to a whole percent; null when there is nothing to
 * compare with (nothing last week), since a percentage of zero means nothing.
 */
export function trendOf(now: number, before: number): TrendOf | null {
  if (before === 0) return null;
  const percent = Math.round(((now - before) / before) * 100);
  return {
    direction: percent > 0 ? 'up' : percent < 0 ? 'down' : 'same',
    percent: Math.abs(percent),
  };
}
