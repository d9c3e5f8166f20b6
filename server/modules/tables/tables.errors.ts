import { MAX_ORDER_LINES } from '../../../shared/menu';
import { MAX_ORDER_TOTAL_PAISE, formatInr } from '../../../shared/money';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The tables module's messages, each written once. */
export const TABLE_MESSAGES = {
  notFound: 'Table not found',
  labelTaken: 'A table with this number already exists',
  notEmpty: 'This table has an open order: bill or clear it before removing the table',
  productNotFound: 'Product not found',
  orderTooLarge: `This would take the order above ${formatInr(MAX_ORDER_TOTAL_PAISE)}. Check the price, or bill the table first.`,
  tooManyLines: `An order can have at most ${MAX_ORDER_LINES} different lines. Bill this table, or add to a line already on it.`,
  soldOut: (name: string) => `${name} is sold out`,
  choicesInvalid: (reason: string) => `Choose the choices again: ${reason}`,
  voidRequired: (name: string) =>
    `${name} has been sent to the kitchen: a manager must approve taking it off (void)`,
} as const;

// Another branch's table (or a removed one) answers like one that does not exist.
export const tableNotFound = () => notFound('tables.not_found', TABLE_MESSAGES.notFound);

export const tableLabelTaken = () =>
  conflict('tables.label_taken', TABLE_MESSAGES.labelTaken, { label: TABLE_MESSAGES.labelTaken });

export const tableNotEmpty = () => conflict('tables.not_empty', TABLE_MESSAGES.notEmpty);

/** The line names a product that is not on sale in this branch. */
export const lineProductNotFound = () =>
  new AppError(404, 'products.not_found', TABLE_MESSAGES.productNotFound, {
    productId: TABLE_MESSAGES.productNotFound,
  });

/** The tap would take the order's total above MAX_ORDER_TOTAL_PAISE. */
export const orderTooLarge = () =>
  conflict('tables.order_too_large', TABLE_MESSAGES.orderTooLarge, {
    delta: TABLE_MESSAGES.orderTooLarge,
  });

/** The tap would add a new line to an order that has MAX_ORDER_LINES already. */
export const tooManyLines = () =>
  badRequest('tables.too_many_lines', TABLE_MESSAGES.tooManyLines, {
    productId: TABLE_MESSAGES.tooManyLines,
  });

/** The tap adds to a product or variant that is sold out (86) now; `name` as the line says it. */
export const lineSoldOut = (name: string) =>
  conflict('tables.sold_out', TABLE_MESSAGES.soldOut(name), {
    productId: TABLE_MESSAGES.soldOut(name),
  });

/**
 * The tap's choices do not make a line of the product as its menu is now (a variant missing or
 * not its own, an add-on it does not offer, a group's count outside its min and max); `reason`
 * in words (shared/menu.ts addonChoicesProblem).
 */
export const lineChoicesInvalid = (reason: string, field: 'variantId' | 'addonIds') =>
  conflict('tables.choices_invalid', TABLE_MESSAGES.choicesInvalid(reason), {
    [field]: TABLE_MESSAGES.choicesInvalid(reason),
  });

/**
 * The tap would take a line below what the kitchen has been sent: that is a void (docs/kitchen.md),
 * which a manager approves; `name` as the line says it.
 */
export const lineVoidRequired = (name: string) =>
  conflict('tables.void_required', TABLE_MESSAGES.voidRequired(name), {
    delta: TABLE_MESSAGES.voidRequired(name),
  });

export const COMPLIMENTARY_MESSAGES = {
  reasonUnknown: 'Choose one of the branch’s reasons',
  lineGone: 'An item is no longer on the order: look at the order again',
  tooMany: (name: string, quantity: number) =>
    `${name}: at most ${quantity} can be complimentary (the order has ${quantity})`,
  approvalRequired: (limit: string) =>
    `Complimentary items worth more than ${limit} need a manager: choose the manager and enter their PIN`,
} as const;

/** The reason is not one of the branch's (Settings → Complimentary). */
export const complimentaryReasonUnknown = () =>
  new AppError(400, 'validation_failed', COMPLIMENTARY_MESSAGES.reasonUnknown, {
    reason: COMPLIMENTARY_MESSAGES.reasonUnknown,
  });

/** A marked line is not on the order any more (paid, voided, moved meanwhile). */
export const complimentaryLineGone = () =>
  conflict('tables.complimentary_line_gone', COMPLIMENTARY_MESSAGES.lineGone, {
    lines: COMPLIMENTARY_MESSAGES.lineGone,
  });

export const complimentaryTooMany = (index: number, name: string, quantity: number) =>
  new AppError(400, 'validation_failed', COMPLIMENTARY_MESSAGES.tooMany(name, quantity), {
    [`lines.${index}.quantity`]: COMPLIMENTARY_MESSAGES.tooMany(name, quantity),
  });

/** Staff above the branch's limit without a manager's approval. */
export const complimentaryApprovalRequired = (limit: string) =>
  new AppError(
    403,
    'tables.complimentary_approval_required',
    COMPLIMENTARY_MESSAGES.approvalRequired(limit),
    {
      pin: COMPLIMENTARY_MESSAGES.approvalRequired(limit),
    },
  );
