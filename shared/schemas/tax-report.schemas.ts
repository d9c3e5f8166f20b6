import { z } from 'zod';
import { gstRatePercent } from '../gst';
import { dateRangeQuerySchema, pageQuerySchema } from './reports.schemas';

/**
 * The tax report (/report/tax; server/modules/reports/tax.usecases.ts): over a range of business days,
 * sales by rate, the HSN/SAC summary (GSTR-1 table 12), the B2B invoices (table 4, paged),
 * the B2C totals per rate (table 7) and the documents issued (table 13). Money in integer
 * paise, rates in basis points.
 *
 * A row's `rateBps` is a GST rate (500 = 5 %), or one of the kinds kept in `daily_tax_sales`:
 * OUTSIDE_GST (-1, e.g. liquor under state VAT) and NO_GST (-2, a composition or unregistered
 * branch's bill). Bills made before GST billing carry no tax data: they are counted apart as
 * untaxed, never split by rate.
 */

export const OUTSIDE_GST_RATE = -1;
export const NO_GST_RATE = -2;

/** The words of a row's rate: '5 %', 'Outside GST', 'No GST charged …'. */
export function taxRateLabel(rateBps: number): string {
  if (rateBps === OUTSIDE_GST_RATE) return 'Outside GST';
  if (rateBps === NO_GST_RATE) return 'No GST charged (composition / not registered)';
  return `${gstRatePercent(rateBps)} %`;
}

export const UNTAXED_LABEL = 'Untaxed (before GST billing)';

/** GET /api/reports/tax: From–To (inclusive business days) and the page of B2B invoices. */
export const taxReportQuerySchema = dateRangeQuerySchema.safeExtend(pageQuerySchema.shape);
export type TaxReportQuery = z.input<typeof taxReportQuerySchema>;

/** GET /api/reports/tax/{part}.csv: the range only (every row). */
export const taxCsvQuerySchema = dateRangeQuerySchema;

/** The CSV exports of the tax report, by the route's part name. */
export const TAX_CSV_PARTS = ['rates', 'hsn', 'b2b', 'b2c', 'documents'] as const;
export type TaxCsvPart = (typeof TAX_CSV_PARTS)[number];

/** tax_{part}_{from}_{to}.csv */
export const taxCsvFilename = (part: TaxCsvPart, from: string, to: string) =>
  `tax_${part}_${from}_${to}.csv`;

const paise = z.number().int();
const isoDate = z.string().describe('YYYY-MM-DD, a business day of the branch');

/** Taxable value, the two halves of the tax, their sum and taxable + tax. */
const amountsShape = {
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  /** CGST + SGST. */
  taxPaise: paise,
  /** Taxable value + tax (round-off is per bill and belongs to no rate). */
  valuePaise: paise,
};
export const taxAmountsSchema = z.object(amountsShape);
export type TaxAmounts = z.infer<typeof taxAmountsSchema>;

/** One row of the sales by rate (and of the B2C totals): a GST rate, outside GST or no GST. */
export const rateRowSchema = z.object({ rateBps: z.number().int(), ...amountsShape });
export type RateRow = z.infer<typeof rateRowSchema>;

/** GSTR-1 table 12: per HSN/SAC and rate. */
export const hsnRowSchema = z.object({
  hsn: z.string(),
  rateBps: z.number().int(),
  quantity: z.number().int(),
  ...amountsShape,
});
export type HsnRow = z.infer<typeof hsnRowSchema>;

/** One B2B invoice (a bill with the buyer's GSTIN), cancelled ones left out. */
export const b2bInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  businessDate: isoDate,
  buyerGstin: z.string(),
  buyerName: z.string().nullable(),
  /** The bill's total (round-off included). */
  invoiceValuePaise: paise,
  taxablePaise: paise,
  taxPaise: paise,
  /** Per rate of its lines and service charge: rate-wise taxable value and tax. */
  rates: z.array(rateRowSchema),
});
export type B2bInvoice = z.infer<typeof b2bInvoiceSchema>;

export const b2bPageSchema = z.object({
  rows: z.array(b2bInvoiceSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalRows: z.number().int(),
  /** Over every B2B invoice of the range (not only the page). */
  totals: z.object({ invoices: z.number().int(), invoiceValuePaise: paise, ...amountsShape }),
});
export type B2bPage = z.infer<typeof b2bPageSchema>;

/** GSTR-1 table 13: a series (a number up to its last '/'), first and last, issued, cancelled. */
export const documentSeriesSchema = z.object({
  series: z.string(),
  first: z.string(),
  last: z.string(),
  issued: z.number().int(),
  cancelled: z.number().int(),
  /** issued − cancelled */
  net: z.number().int(),
});
export type DocumentSeries = z.infer<typeof documentSeriesSchema>;

export const taxReportSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** GST rates ascending, then outside GST and no GST charged (rows with no sales left out). */
  byRate: z.array(rateRowSchema),
  /** Bills made before GST billing: how many and what they came to (cancelled ones left out). */
  untaxed: z.object({ bills: z.number().int(), valuePaise: paise }),
  /** Every row of `byRate` added up, then with the untaxed bills' value. */
  totals: taxAmountsSchema.extend({ untaxedPaise: paise, grandValuePaise: paise }),
  hsn: z.array(hsnRowSchema),
  /** The HSN/SAC rows added up (the HSN CSV's Total row). */
  hsnTotals: taxAmountsSchema.extend({ quantity: z.number().int() }),
  b2c: z.array(rateRowSchema),
  /** The B2C rows added up. */
  b2cTotals: taxAmountsSchema,
  b2b: b2bPageSchema,
  documents: z.array(documentSeriesSchema),
  /** The series added up. */
  documentTotals: z.object({
    issued: z.number().int(),
    cancelled: z.number().int(),
    net: z.number().int(),
  }),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

/** GET /api/reports/tax/b2b: a page of B2B invoices alone. */
export const b2bPageQuerySchema = taxReportQuerySchema;
