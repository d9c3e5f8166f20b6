import type { z } from 'zod';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import type { DateRange } from './date-range-filter';

/**
 * A report filter as the screen asks for it, or the messages under its fields: both dates are
 * needed here (the API would fill one in), the rest is the API's own query `schema`, given the
 * dates and the report's other `fields`.
 */
export function checkDateRange<Field extends string, Schema extends z.ZodType>(
  values: DateRange,
  fields: Record<Field, string>,
  schema: Schema,
) {
  const errors: Partial<Record<keyof DateRange | Field, string>> = {};
  if (!values.from) errors.from = MESSAGES.validation.required(LABELS.orderReport.fromDate);
  if (!values.to) errors.to = MESSAGES.validation.required(LABELS.orderReport.toDate);
  const parsed = schema.safeParse({
    from: values.from ?? undefined,
    to: values.to ?? undefined,
    ...fields,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof typeof errors;
    errors[field] ??= issue.message;
  }
  const data: z.output<Schema> | null =
    parsed.success && Object.keys(errors).length === 0 ? parsed.data : null;
  return { data, errors };
}
