import { describe, expect, it } from 'vitest';
import { groupRows } from './complimentary-groups';

const row = (reason: string, by: string | null, items: number, valuePaise: number) => ({
  reason,
  by,
  approvedBy: null,
  items,
  valuePaise,
  bills: 1,
});

describe('the complimentary report’s groups', () => {
  it('sums the rows by a name, the largest value first', () => {
    const rows = [
      row('Staff meal', 'Ravi', 2, 6_000),
      row('On the house', 'Ravi', 1, 25_000),
      row('Staff meal', 'Asha', 1, 3_000),
    ];
    expect(groupRows(rows, (one) => one.reason)).toEqual([
      { label: 'On the house', items: 1, valuePaise: 25_000, bills: 1 },
      { label: 'Staff meal', items: 3, valuePaise: 9_000, bills: 2 },
    ]);
    expect(groupRows(rows, (one) => one.by ?? 'Former staff').map((g) => g.label)).toEqual([
      'Ravi',
      'Asha',
    ]);
  });

  it('orders equal values by name', () => {
    const rows = [row('Tasting', 'B', 1, 100), row('Birthday', 'A', 1, 100)];
    expect(groupRows(rows, (one) => one.reason).map((g) => g.label)).toEqual([
      'Birthday',
      'Tasting',
    ]);
  });
});
