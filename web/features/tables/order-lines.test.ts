import { describe, expect, it } from 'vitest';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { lineKeyOf, MAX_ORDER_LINES } from '../../../shared/menu';
import {
  addsLineBeyondLimit,
  applyDelta,
  applyOps,
  noteChanges,
  takeNextOp,
  type LineProduct,
  type PendingOp,
} from './order-lines';

const tea = { productId: 'p-tea', name: 'Masala Tea', unitPricePaise: 2_500 };
const dosa = { productId: 'p-dosa', name: 'Masala Dosa', unitPricePaise: 12_000 };

const order = (lines: TableOrder['lines'] = []): TableOrder => ({
  tableId: 't-1',
  label: 'T1',
  lines,
  totalPaise: lines.reduce((sum, line) => sum + line.lineTotalPaise, 0),
  version: 3,
  openedAt: null,
  guests: null,
});

const op = (product: LineProduct, delta: number, opId = `op-${Math.random()}`): PendingOp => ({
  opId,
  product,
  delta,
});

describe('a table order on the device', () => {
  it('adds a new product as a line at the end with its price times the quantity', () => {
    const result = applyDelta(applyDelta(order(), dosa, 1), tea, 2);
    expect(result.lines.map((line) => [line.name, line.quantity, line.lineTotalPaise])).toEqual([
      ['Masala Dosa', 1, 12_000],
      ['Masala Tea', 2, 5_000],
    ]);
    expect(result.totalPaise).toBe(17_000);
  });

  it('changes an existing line in place and keeps the server line price', () => {
    const start = applyDelta(order(), { ...tea, unitPricePaise: 2_000 }, 1);
    const result = applyDelta(start, tea, 2);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ quantity: 3, lineTotalPaise: 6_000 });
    expect(result.totalPaise).toBe(6_000);
  });

  it('removes a line that reaches zero and ignores a decrement of a line that is not there', () => {
    const one = applyDelta(order(), tea, 1);
    expect(applyDelta(one, tea, -1).lines).toEqual([]);
    expect(applyDelta(one, tea, -1).totalPaise).toBe(0);
    expect(applyDelta(one, dosa, -1)).toBe(one);
  });

  it('charges nothing for a line’s complimentary items when its quantity changes', () => {
    const given = applyDelta(order(), tea, 2);
    const line = { ...given.lines[0]!, complimentary: { quantity: 1, reason: 'Staff meal' } };
    const more = applyDelta(order([{ ...line, lineTotalPaise: 2_500 }]), tea, 1);
    expect(more.lines[0]!.lineTotalPaise).toBe(5_000);
    expect(more.totalPaise).toBe(5_000);
    // One item left and it is the complimentary one: nothing to pay.
    const fewer = applyDelta(order([{ ...line, lineTotalPaise: 2_500 }]), tea, -1);
    expect(fewer.lines[0]!.lineTotalPaise).toBe(0);
  });

  it('shows the server answer with the taps not yet answered on top', () => {
    const server = applyDelta(order(), tea, 2);
    const shown = applyOps(server, [op(tea, 1), op(dosa, 1), op(tea, -1)]);
    expect(shown.lines.map((line) => [line.productId, line.quantity])).toEqual([
      ['p-tea', 2],
      ['p-dosa', 1],
    ]);
  });
});

describe('the taps sent to the server', () => {
  it('merges quick taps on one product into one change with the first tap id', () => {
    const queue = [op(tea, 1, 'a'), op(tea, 1, 'b'), op(tea, 1, 'c'), op(dosa, 1, 'd')];
    const { op: next, rest } = takeNextOp(queue);
    expect(next).toMatchObject({ opId: 'a', delta: 3 });
    expect(rest.map((item) => item.opId)).toEqual(['d']);
  });

  it('sends nothing for taps that cancel out', () => {
    const { op: next, rest } = takeNextOp([op(tea, 1), op(tea, -1), op(dosa, 1, 'd')]);
    expect(next).toBeNull();
    expect(rest.map((item) => item.opId)).toEqual(['d']);
  });

  it('never merges beyond the largest change the server accepts', () => {
    const queue = Array.from({ length: 60 }, (_, index) => op(tea, 1, `t${index}`));
    const first = takeNextOp(queue);
    expect(first.op?.delta).toBe(50);
    expect(takeNextOp(first.rest).op).toMatchObject({ opId: 't50', delta: 10 });
  });

  it('keeps taps on other products between them apart (lines keep their order)', () => {
    const { op: next, rest } = takeNextOp([op(tea, 1, 'a'), op(dosa, 1, 'b'), op(tea, 1, 'c')]);
    expect(next).toMatchObject({ opId: 'a', delta: 1 });
    expect(rest).toHaveLength(2);
  });

  it('names the taps folded into the change, so the device forgets them with it', () => {
    const { merged } = takeNextOp([op(tea, 1, 'a'), op(tea, 2, 'b'), op(tea, 1, 'c')]);
    expect(merged.map((item) => item.opId)).toEqual(['b', 'c']);
    expect(takeNextOp([op(tea, 1, 'a'), op(tea, -1, 'b')]).merged.map((item) => item.opId)).toEqual(
      ['a', 'b'],
    );
  });

  it('sends a tap that may have reached the server as it was, and merges nothing into it', () => {
    const sent = { ...op(tea, 1, 'a'), sent: true };
    const { op: next, rest } = takeNextOp([sent, op(tea, 1, 'b'), op(tea, 1, 'c')]);
    expect(next).toEqual(sent);
    expect(takeNextOp(rest).op).toMatchObject({ opId: 'b', delta: 2 });
    // Nor is such a tap folded into the one before it.
    const afterFresh = takeNextOp([op(tea, 1, 'x'), { ...op(tea, 1, 'y'), sent: true }]);
    expect(afterFresh.op).toMatchObject({ opId: 'x', delta: 1 });
    expect(afterFresh.rest.map((item) => item.opId)).toEqual(['y']);
  });
});

describe('lines with choices', () => {
  const cheese = { id: 'o-cheese', group: 'Extras', name: 'Cheese', pricePaise: 3_000 };
  const half: LineProduct = {
    productId: 'p-biryani',
    name: 'Biryani (Half)',
    unitPricePaise: 18_000,
    variantId: 'v-half',
    variantName: 'Half',
    addons: [],
    note: '',
  };
  const halfCheese = { ...half, unitPricePaise: 21_000, addons: [cheese] };

  it('makes one line per product, variant, add-ons and note, keyed as the server keys it', () => {
    const shown = applyOps(order(), [
      op(half, 1),
      op(halfCheese, 1),
      op({ ...half, note: ' no  onion ' }, 1),
      op({ ...half, note: 'no onion' }, 1),
      op(half, 1),
    ]);
    expect(
      shown.lines.map((line) => [line.name, line.addons.length, line.note, line.quantity]),
    ).toEqual([
      ['Biryani (Half)', 0, '', 2],
      ['Biryani (Half)', 1, '', 1],
      ['Biryani (Half)', 0, 'no onion', 2],
    ]);
    expect(shown.lines[1]!.key).toBe(
      lineKeyOf({ productId: 'p-biryani', variantId: 'v-half', addonIds: ['o-cheese'], note: '' }),
    );
    expect(shown.totalPaise).toBe(18_000 * 4 + 21_000);
  });

  it('merges quick taps only on the same line', () => {
    const next = takeNextOp([op(half, 1, 'a'), op(half, 1, 'b'), op(halfCheese, 1, 'c')]);
    expect(next.op).toMatchObject({ opId: 'a', delta: 2 });
    expect(next.rest.map((item) => item.opId)).toEqual(['c']);
  });

  it('moves a line to a new note as +q on the new line and −q on the old, in changes the server takes', () => {
    const [line] = applyDelta(order(), half, 60).lines;
    const changes = noteChanges(line!, ' Jain ');
    expect(changes.map((change) => [change.product.note, change.delta])).toEqual([
      ['Jain', 50],
      ['Jain', 10],
      ['', -50],
      ['', -10],
    ]);
    expect(noteChanges(line!, '  ')).toEqual([]);
  });

  it('never merges changes made as one with taps outside them', () => {
    const grouped = { ...op(half, 1, 'a'), group: 'a' };
    expect(takeNextOp([grouped, op(half, 1, 'b')]).op).toMatchObject({ opId: 'a', delta: 1 });
  });
});

describe('the most lines of an order', () => {
  const full = Array.from({ length: MAX_ORDER_LINES }, (_, n) => ({
    ...tea,
    note: `cup ${n}`,
  })).reduce((current, product) => applyDelta(current, product, 1), order());

  it('refuses a new line on a full order, but not more of a line already on it', () => {
    expect(full.lines).toHaveLength(MAX_ORDER_LINES);
    expect(addsLineBeyondLimit(full, [{ product: dosa, delta: 1 }])).toBe(true);
    expect(addsLineBeyondLimit(full, [{ product: { ...tea, note: 'cup 0' }, delta: 1 }])).toBe(
      false,
    );
  });

  it('lets a change that frees a line first add another (a note moved)', () => {
    const moved = [
      { product: { ...tea, note: 'cup 0' }, delta: -1 },
      { product: { ...tea, note: 'no sugar' }, delta: 1 },
    ];
    expect(addsLineBeyondLimit(full, moved)).toBe(false);
    expect(addsLineBeyondLimit(order(), [{ product: dosa, delta: 1 }])).toBe(false);
  });
});
