import { lineTotalPaise, sumPaise } from '../../../shared/money';
import { MAX_LINE_DELTA, type TableOrder } from '../../../shared/schemas/tables.schemas';

/**
 * A table's order as the device shows it: the server's last answer with the changes not yet
 * answered applied on top, so a tap shows at once and nothing tapped is lost while requests
 * are on their way.
 */

/** What a new line needs to show before the server answers. */
export interface LineProduct {
  productId: string;
  name: string;
  unitPricePaise: number;
  subcategory?: string;
}

/** One tap (or several taps merged) waiting for the server; `opId` is its exactly-once id. */
export interface PendingOp {
  opId: string;
  product: LineProduct;
  delta: number;
  /**
   * The change may have reached the server already (it was sent, or it was left on the device
   * by an earlier start of the app): it is sent again exactly as it is, never merged.
   */
  sent?: boolean;
  /** When the tap was made (ms since the epoch); a merged change keeps its first tap's. */
  madeAt?: number;
}

/** Taps in the order they were made: op ids are UUID v7, whose text sorts by time. */
export const byOpId = (a: { opId: string }, b: { opId: string }) =>
  a.opId < b.opId ? -1 : a.opId > b.opId ? 1 : 0;

/** The order with `delta` added to the product's line: a new line at the end, gone at zero. */
export function applyDelta(order: TableOrder, product: LineProduct, delta: number): TableOrder {
  const existing = order.lines.find((line) => line.productId === product.productId);
  let lines = order.lines;
  if (existing) {
    const quantity = existing.quantity + delta;
    lines =
      quantity > 0
        ? lines.map((line) =>
            line === existing
              ? { ...line, quantity, lineTotalPaise: lineTotalPaise(line.unitPricePaise, quantity) }
              : line,
          )
        : lines.filter((line) => line !== existing);
  } else if (delta > 0) {
    lines = [
      ...lines,
      {
        productId: product.productId,
        name: product.name,
        subcategory: product.subcategory,
        unitPricePaise: product.unitPricePaise,
        quantity: delta,
        lineTotalPaise: lineTotalPaise(product.unitPricePaise, delta),
      },
    ];
  }
  if (lines === order.lines) return order;
  return { ...order, lines, totalPaise: sumPaise(lines.map((line) => line.lineTotalPaise)) };
}

/** The order with every op applied in turn. */
export function applyOps(order: TableOrder, ops: readonly PendingOp[]): TableOrder {
  return ops.reduce((current, op) => applyDelta(current, op.product, op.delta), order);
}

/**
 * The next request to send from a queue of taps: the first tap merged with the taps right after
 * it on the same product (five quick taps make one +5), within the server's limit of one
 * change. A tap that may have reached the server is never merged (its id would apply the old
 * change only). `op` is null when the merged taps cancel out (+1 then −1): nothing to send.
 * `merged` are the taps folded into `op` (or cancelled out), which are no longer to be sent.
 */
export function takeNextOp(queue: readonly PendingOp[]): {
  op: PendingOp | null;
  merged: PendingOp[];
  rest: PendingOp[];
} {
  const [first, ...others] = queue;
  if (!first) return { op: null, merged: [], rest: [] };
  if (first.sent) return { op: first, merged: [], rest: others };
  let delta = first.delta;
  let taken = 0;
  for (const next of others) {
    const merged = delta + next.delta;
    if (next.sent || next.product.productId !== first.product.productId) break;
    if (Math.abs(merged) > MAX_LINE_DELTA) break;
    delta = merged;
    taken += 1;
  }
  const folded = others.slice(0, taken);
  if (delta === 0) return { op: null, merged: [first, ...folded], rest: others.slice(taken) };
  return { op: { ...first, delta }, merged: folded, rest: others.slice(taken) };
}
