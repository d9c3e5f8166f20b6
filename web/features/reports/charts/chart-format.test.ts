import { describe, expect, it } from 'vitest';
import { axisInrFor } from './chart-format';

/** The labels of ticks at these rupee amounts on an axis up to `maxRupees`. */
const ticks = (maxRupees: number, rupees: number[]) => {
  const label = axisInrFor(maxRupees * 100);
  return rupees.map((amount) => label(amount * 100));
};

describe('axisInrFor', () => {
  it('labels a whole axis in the unit its largest amount needs, never two units', () => {
    expect(ticks(1_20_000, [0, 30_000, 60_000, 90_000, 1_20_000])).toEqual([
      '₹0L',
      '₹0.3L',
      '₹0.6L',
      '₹0.9L',
      '₹1.2L',
    ]);
    expect(ticks(10_000, [0, 2_500, 7_500, 10_000])).toEqual(['₹0K', '₹2.5K', '₹7.5K', '₹10K']);
    expect(ticks(3_40_00_000, [1_70_00_000, 3_40_00_000])).toEqual(['₹1.7Cr', '₹3.4Cr']);
  });

  it('shows rupees below a thousand, and an empty range as ₹0', () => {
    expect(ticks(950, [0, 475.4, 950])).toEqual(['₹0', '₹475', '₹950']);
    expect(ticks(0, [0])).toEqual(['₹0']);
  });
});
