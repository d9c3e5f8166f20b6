import { MAX_ORDER_TOTAL_PAISE, formatInr } from '../../../shared/money';
import { conflict, notFound } from '../../lib/errors';

/** The floor's messages, each written once. */
export const FLOOR_MESSAGES = {
  targetNotFound: 'That table is not there any more',
  sameTable: 'Choose another table',
  sourceEmpty: (label: string) => `${label} has no order`,
  targetNotEmpty: (label: string) => `${label} has an order: merge into it instead`,
  orderTooLarge: `Together the orders would be above ${formatInr(MAX_ORDER_TOTAL_PAISE)}. Bill one of the tables first.`,
} as const;

type TargetField = 'toTableId' | 'intoTableId';

/** The target table is not a live table of the branch (another branch's answers the same). */
export const targetNotFound = () =>
  notFound('floor.target_not_found', FLOOR_MESSAGES.targetNotFound);

export const sameTable = (field: TargetField) =>
  conflict('floor.same_table', FLOOR_MESSAGES.sameTable, { [field]: FLOOR_MESSAGES.sameTable });

export const sourceEmpty = (label: string) =>
  conflict('floor.source_empty', FLOOR_MESSAGES.sourceEmpty(label));

export const targetNotEmpty = (label: string) =>
  conflict('floor.target_not_empty', FLOOR_MESSAGES.targetNotEmpty(label), {
    toTableId: FLOOR_MESSAGES.targetNotEmpty(label),
  });

export const mergedTooLarge = () =>
  conflict('floor.order_too_large', FLOOR_MESSAGES.orderTooLarge, {
    intoTableId: FLOOR_MESSAGES.orderTooLarge,
  });
