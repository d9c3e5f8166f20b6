import { z } from 'zod';
import { isValidIsoDate, type IsoDate } from '../dates';

/**
 * The days a request may name: plans, invoices, payments, report ranges. Wide enough for any
 * real restaurant's records, narrow enough that every date the server computes from one
 * (a plan's end, a report's range, a financial year) stays a date PostgreSQL and JavaScript
 * both read: year 0 is no date to PostgreSQL, year 9999 plus a year is none to either.
 */
export const EARLIEST_DATE: IsoDate = '2000-01-01';
export const LATEST_DATE: IsoDate = '2100-12-31';

/** A real calendar day written 'YYYY-MM-DD', from EARLIEST_DATE to LATEST_DATE. */
export const isAcceptedDate = (value: unknown): value is IsoDate =>
  isValidIsoDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE;

/**
 * THE schema of a date in a request ('Start date', 'From Date', …): every date field is built
 * from it, so every route refuses the same days with a 400 naming the field.
 */
export const isoDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .superRefine((value, ctx) => {
      if (!isValidIsoDate(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD)` });
      } else if (!isAcceptedDate(value)) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`,
        });
      }
    })
    .meta({ format: 'date' });
