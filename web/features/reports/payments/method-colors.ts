import type { MethodTotal } from '../../../../shared/schemas/payments-report.schemas';

/** One colour per payment method: the totals' cards and the chart share them. */
export const METHOD_COLORS: Record<MethodTotal['method'], string> = {
  Cash: 'teal.7',
  Card: 'indigo.6',
  UPI: 'grape.6',
  Other: 'gray.6',
  Due: 'orange.7',
};
