import type { OrderLine } from '../../../../shared/schemas/tables.schemas';

/** A line the kitchen was sent of, to void (its `sentQuantity` is above 0). */
export type VoidableLine = OrderLine & { sentQuantity: number };

/** The order's line of this key if the kitchen was sent some of it (else null: nothing to void). */
export function voidableLine(lines: readonly OrderLine[], key: string | null): VoidableLine | null {
  const line = key === null ? undefined : lines.find((one) => one.key === key);
  return line && (line.sentQuantity ?? 0) > 0 ? (line as VoidableLine) : null;
}
