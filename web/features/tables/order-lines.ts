import { lineTotalPaise, sumPaise } from '../../../shared/money';
// Types only from the schemas: zod stays off the waiters' first load (docs/performance.md).
import {
  lineKeyOf,
  MAX_LINE_DELTA,
  MAX_ORDER_LINES,
  normaliseNote,
  type LineAddon,
} from '../../../shared/menu';
import type { LineChange, OrderLine, TableOrder } from '../../../shared/schemas/tables.schemas';

/**
 * A table's order as the device shows it: the server's last answer with the changes not yet
 * answered applied on top, so a tap shows at once and nothing tapped is lost while requests
 * are on their way. A line is a product with its choices (variant, add-ons, note); its identity
 * is `lineKeyOf` (shared/menu.ts), the same rule the server applies.
 */

/**
 * What a tap changes and what a new line needs to show before the server answers. The choices
 * are optional: taps kept on the device by a version of the app before choices (IndexedDB rows
 * with none) read as plain ones (no variant, no add-ons, no note).
 */
export interface LineProduct {
  productId: string;
  /** The line's name: the product's, with the variant's in brackets. */
  name: string;
  /** The variant's or product's price plus the add-ons'. */
  unitPricePaise: number;
  subcategory?: string;
  variantId?: string | null;
  variantName?: string | null;
  addons?: readonly LineAddon[];
  note?: string;
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
  /**
   * Changes made as one (a line's note changed: +q on the new line, −q on the old one) share
   * this id: a refusal of one drops the others not sent yet, so a line is never lost halfway.
   */
  group?: string;
}

/** The choices of a tap, as the server and `lineKeyOf` take them. */
export function choicesOf(product: LineProduct) {
  return {
    productId: product.productId,
    variantId: product.variantId ?? null,
    addonIds: (product.addons ?? []).map((addon) => addon.id),
    note: normaliseNote(product.note ?? ''),
  };
}

/** The line a tap changes. */
export const keyOfProduct = (product: LineProduct) => lineKeyOf(choicesOf(product));

/** A line's key: the server's, or worked out the same way for a line that has none. */
export function keyOfLine(line: OrderLine): string {
  return (
    line.key ??
    lineKeyOf({
      productId: line.productId,
      variantId: line.variantId ?? null,
      addonIds: (line.addons ?? []).map((addon) => addon.id),
      note: line.note ?? '',
    })
  );
}

/** A tap on an existing line (its +, −, or its quantity moved to another note). */
export function productOfLine(line: OrderLine): LineProduct {
  return {
    productId: line.productId,
    name: line.name,
    unitPricePaise: line.unitPricePaise,
    subcategory: line.subcategory,
    variantId: line.variantId ?? null,
    variantName: line.variantName ?? null,
    addons: line.addons ?? [],
    note: line.note ?? '',
  };
}

/** The request body of one change. */
export function lineChangeBody(op: PendingOp): LineChange {
  return { opId: op.opId, delta: op.delta, ...choicesOf(op.product) };
}

/** Taps in the order they were made: op ids are UUID v7, whose text sorts by time. */
export const byOpId = (a: { opId: string }, b: { opId: string }) =>
  a.opId < b.opId ? -1 : a.opId > b.opId ? 1 : 0;

/** The order with `delta` added to the tap's line: a new line at the end, gone at zero. */
export function applyDelta(order: TableOrder, product: LineProduct, delta: number): TableOrder {
  const key = keyOfProduct(product);
  const existing = order.lines.find((line) => keyOfLine(line) === key);
  let lines = order.lines;
  if (existing) {
    const quantity = existing.quantity + delta;
    lines =
      quantity > 0
        ? lines.map((line) =>
            line === existing
              ? {
                  ...line,
                  quantity,
                  // Its complimentary items (at most the quantity) cost nothing.
                  lineTotalPaise: lineTotalPaise(
                    line.unitPricePaise,
                    quantity - Math.min(quantity, line.complimentary?.quantity ?? 0),
                  ),
                }
              : line,
          )
        : lines.filter((line) => line !== existing);
  } else if (delta > 0) {
    const choices = choicesOf(product);
    lines = [
      ...lines,
      {
        key,
        productId: product.productId,
        name: product.name,
        variantId: choices.variantId,
        variantName: product.variantName ?? null,
        addons: [...(product.addons ?? [])],
        note: choices.note,
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

/**
 * Whether the changes would add a line to an order that has MAX_ORDER_LINES already (the server
 * refuses such a tap with 400 tables.too_many_lines; the device says so before queuing it).
 */
export function addsLineBeyondLimit(
  order: TableOrder,
  changes: readonly { product: LineProduct; delta: number }[],
): boolean {
  let current = order;
  for (const { product, delta } of changes) {
    const key = keyOfProduct(product);
    const isNew = delta > 0 && !current.lines.some((line) => keyOfLine(line) === key);
    if (isNew && current.lines.length >= MAX_ORDER_LINES) return true;
    current = applyDelta(current, product, delta);
  }
  return false;
}

/** The order with every op applied in turn. */
export function applyOps(order: TableOrder, ops: readonly PendingOp[]): TableOrder {
  return ops.reduce((current, op) => applyDelta(current, op.product, op.delta), order);
}

/**
 * The changes that move `quantity` of a line to the same choices with another note: +q on the
 * new line first (refused, e.g. sold out meanwhile, the old line stays as it was), then −q on
 * the old one; each within the server's largest change. Empty when the note is the same.
 */
export function noteChanges(
  line: OrderLine,
  note: string,
): { product: LineProduct; delta: number }[] {
  const from = productOfLine(line);
  const to: LineProduct = { ...from, note: normaliseNote(note) };
  if (keyOfProduct(to) === keyOfLine(line)) return [];
  const chunks = (sign: 1 | -1, product: LineProduct) => {
    const changes: { product: LineProduct; delta: number }[] = [];
    for (let left = line.quantity; left > 0; left -= MAX_LINE_DELTA) {
      changes.push({ product, delta: sign * Math.min(left, MAX_LINE_DELTA) });
    }
    return changes;
  };
  return [...chunks(1, to), ...chunks(-1, from)];
}

/**
 * The next request to send from a queue of taps: the first tap merged with the taps right after
 * it on the same line (five quick taps make one +5), within the server's limit of one change.
 * A tap that may have reached the server is never merged (its id would apply the old change
 * only), nor are taps of different groups. `op` is null when the merged taps cancel out (+1
 * then −1): nothing to send. `merged` are the taps folded into `op` (or cancelled out), which
 * are no longer to be sent.
 */
export function takeNextOp(queue: readonly PendingOp[]): {
  op: PendingOp | null;
  merged: PendingOp[];
  rest: PendingOp[];
} {
  const [first, ...others] = queue;
  if (!first) return { op: null, merged: [], rest: [] };
  if (first.sent) return { op: first, merged: [], rest: others };
  const key = keyOfProduct(first.product);
  let delta = first.delta;
  let taken = 0;
  for (const next of others) {
    const merged = delta + next.delta;
    if (next.sent || next.group !== first.group || keyOfProduct(next.product) !== key) break;
    if (Math.abs(merged) > MAX_LINE_DELTA) break;
    delta = merged;
    taken += 1;
  }
  const folded = others.slice(0, taken);
  if (delta === 0) return { op: null, merged: [first, ...folded], rest: others.slice(taken) };
  return { op: { ...first, delta }, merged: folded, rest: others.slice(taken) };
}
