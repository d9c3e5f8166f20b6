import { describe, expect, it } from 'vitest';
import {
  marksValuePaise,
  ncQuantity,
  needsApproval,
  opIdFor,
  valueAfterMarks,
  wholeOrderMarks,
} from './complimentary-marks';

const chai = { key: 'chai', quantity: 3, unitPricePaise: 3000, complimentary: null };
const dosa = {
  key: 'dosa',
  quantity: 2,
  unitPricePaise: 12000,
  complimentary: { quantity: 1, reason: 'Staff meal' },
};
const lines = [chai, dosa];

describe('complimentary marks', () => {
  it('counts a line’s complimentary items within its quantity', () => {
    expect(ncQuantity(chai)).toBe(0);
    expect(ncQuantity(dosa)).toBe(1);
    expect(ncQuantity({ quantity: 1, complimentary: { quantity: 3, reason: 'x' } })).toBe(1);
  });

  it('marks every line in full for the whole order', () => {
    expect(wholeOrderMarks(lines)).toEqual([
      { key: 'chai', quantity: 3 },
      { key: 'dosa', quantity: 2 },
    ]);
  });

  it('values the order after the marks, keeping the lines not marked', () => {
    expect(valueAfterMarks(lines, [])).toBe(12000);
    expect(valueAfterMarks(lines, [{ key: 'chai', quantity: 1 }])).toBe(15000);
    expect(valueAfterMarks(lines, [{ key: 'dosa', quantity: 0 }])).toBe(0);
    expect(valueAfterMarks(lines, wholeOrderMarks(lines))).toBe(33000);
    expect(marksValuePaise(lines, wholeOrderMarks(lines))).toBe(33000);
  });

  it('asks staff for a manager above the limit only when the value grows', () => {
    expect(needsApproval(lines, [{ key: 'chai', quantity: 1 }], 50000, false)).toBe(false);
    expect(needsApproval(lines, wholeOrderMarks(lines), 30000, false)).toBe(true);
    // A manager approves their own.
    expect(needsApproval(lines, wholeOrderMarks(lines), 30000, true)).toBe(false);
    // Charging items again never needs a manager, even while above the limit.
    expect(needsApproval(lines, [{ key: 'dosa', quantity: 0 }], 0, false)).toBe(false);
    // Exactly at the limit is within it.
    expect(needsApproval(lines, [{ key: 'chai', quantity: 1 }], 15000, false)).toBe(false);
  });

  it('reuses the op id for the same change and makes a fresh one for another', () => {
    let n = 0;
    const fresh = () => `op-${++n}`;
    const first = opIdFor(
      null,
      { marks: [{ key: 'chai', quantity: 1 }], reason: 'Tasting' },
      fresh,
    );
    const again = opIdFor(
      first,
      { marks: [{ key: 'chai', quantity: 1 }], reason: 'Tasting' },
      fresh,
    );
    const other = opIdFor(
      again,
      { marks: [{ key: 'chai', quantity: 2 }], reason: 'Tasting' },
      fresh,
    );
    expect(first.opId).toBe('op-1');
    expect(again.opId).toBe('op-1');
    expect(other.opId).toBe('op-2');
  });
});
