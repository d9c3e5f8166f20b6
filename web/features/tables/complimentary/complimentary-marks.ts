import { complimentaryQuantity, complimentaryValuePaise } from '../../../../shared/complimentary';
import type { OrderLine } from '../../../../shared/schemas/tables.schemas';

/**
 * What the complimentary dialog sends and shows (docs/complimentary.md): the marks of one line
 * or of the whole order, the order's complimentary value after them (what the branch's limit is
 * compared with), and the op id a retry reuses.
 */

export interface Mark {
  key: string;
  quantity: number;
}

/** Lines of an order, as far as complimentary items are concerned. */
type Line = Pick<OrderLine, 'key' | 'quantity' | 'unitPricePaise' | 'complimentary'>;

/** How many of a line are complimentary now (0: none). */
export const ncQuantity = (line: Pick<Line, 'quantity' | 'complimentary'>) =>
  complimentaryQuantity({ quantity: line.quantity, complimentary: line.complimentary ?? null });

/** Every line of the order in full (the whole order complimentary). */
export const wholeOrderMarks = (lines: readonly Line[]): Mark[] =>
  lines.map((line) => ({ key: line.key, quantity: line.quantity }));

/** The menu value of the order's complimentary items once `marks` are applied. */
export function valueAfterMarks(lines: readonly Line[], marks: readonly Mark[]): number {
  const byKey = new Map(marks.map((mark) => [mark.key, mark.quantity]));
  return complimentaryValuePaise(
    lines.map((line) => {
      const marked = byKey.get(line.key);
      const quantity = marked ?? ncQuantity(line);
      return {
        unitPricePaise: line.unitPricePaise,
        quantity: line.quantity,
        complimentary: quantity > 0 ? { quantity } : null,
      };
    }),
  );
}

/**
 * Whether staff will need a manager's approval, as the server decides it: the order's value
 * after the marks above the limit and above what it was before. Managers approve their own.
 */
export function needsApproval(
  lines: readonly Line[],
  marks: readonly Mark[],
  limitPaise: number,
  mayApprove: boolean,
): boolean {
  if (mayApprove) return false;
  const before = valueAfterMarks(lines, []);
  const after = valueAfterMarks(lines, marks);
  return after > limitPaise && after > before;
}

/** The menu value of the marks themselves (what the dialog says it gives). */
export function marksValuePaise(lines: readonly Line[], marks: readonly Mark[]): number {
  return marks.reduce((sum, mark) => {
    const line = lines.find((one) => one.key === mark.key);
    return sum + (line ? line.unitPricePaise * mark.quantity : 0);
  }, 0);
}

/**
 * The op id of a submit: the last one again when the same change is sent again (a retry after
 * a lost answer, or with the manager's PIN after the server asked for it), a fresh one (from
 * `fresh`, a UUID v7) when the change is another.
 */
export function opIdFor(
  last: { change: string; opId: string } | null,
  change: { marks: readonly Mark[]; reason: string | undefined },
  fresh: () => string,
): { change: string; opId: string } {
  const text = JSON.stringify([change.marks, change.reason ?? null]);
  return last && last.change === text ? last : { change: text, opId: fresh() };
}
