import { z } from 'zod';
import { daysBetween } from '../dates';
import { searchText } from './common.schemas';
import { isAcceptedDate, isoDateSchema } from './dates.schemas';

/** The widest range a report answers at once (a financial year and some). */
export const MAX_REPORT_DAYS = 400;
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;

// Object checks run even when a field failed its own check, so they look at valid dates only.
const bothDates = (q: { from?: string; to?: string }): q is { from: string; to: string } =>
  isAcceptedDate(q.from) && isAcceptedDate(q.to);

/**
 * From Date and To Date of a report: business days of the branch's time zone, both inclusive.
 * Without them a report covers the branch's current business day (the server decides "today").
 */
export const dateRangeQuerySchema = z
  .object({
    from: isoDateSchema('From Date').optional(),
    to: isoDateSchema('To Date').optional(),
  })
  .refine((q) => !bothDates(q) || q.from <= q.to, {
    error: 'From Date must not be after To Date',
    path: ['to'],
  })
  .refine((q) => !bothDates(q) || daysBetween(q.from, q.to) < MAX_REPORT_DAYS, {
    error: `A report covers at most ${MAX_REPORT_DAYS} days`,
    path: ['to'],
  });

/** `?page=2&pageSize=50` of a paginated report (page from 1). */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(100_000, 'Page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .refine((size) => (REPORT_PAGE_SIZES as readonly number[]).includes(size), {
      error: `Page size must be one of ${REPORT_PAGE_SIZES.join(', ')}`,
    })
    .default(50),
});

export const reportSearchQuerySchema = z.object({ search: searchText });

/** The page of rows a paginated report answers, with how many rows match in all. */
export const pagedSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalRows: z.number().int(),
  });
