import { z } from 'zod';
import { MESSAGES } from '../messages';
import { safeString } from './common.schemas';
import { dateRangeQuerySchema, pageQuerySchema, pagedSchema } from './reports.schemas';

/** The Detailed Orders Report's product-name filter: part of an item's name, any case. */
export const productFilter = safeString('Product')
  .trim()
  .max(100, MESSAGES.validation.tooLong('Product', 100))
  .optional();

/** `GET /api/reports/orders.csv?from&to&product`: everything that matches, no page. */
export const ordersReportFilterSchema = dateRangeQuerySchema.safeExtend({ product: productFilter });
export type OrdersReportFilter = z.output<typeof ordersReportFilterSchema>;

/** `GET /api/reports/orders?from&to&product&page&pageSize`. */
export const ordersReportQuerySchema = ordersReportFilterSchema.safeExtend(pageQuerySchema.shape);
export type OrdersReportQuery = z.output<typeof ordersReportQuerySchema>;

const isoDate = z.string().describe('YYYY-MM-DD, a business day of the branch');
const paise = z.number().int();

/** One bill line of the report: the spec's Table Number, Order Date, Quantity, Item Name, Price, Total. */
export const orderReportRowSchema = z.object({
  billId: z.string(),
  lineId: z.string(),
  tableLabel: z.string(),
  /** The bill's business day (the Order Date). */
  businessDate: isoDate,
  /** When the bill was paid (UTC ISO). */
  createdAt: z.string(),
  quantity: z.number().int(),
  name: z.string(),
  unitPricePaise: paise,
  lineTotalPaise: paise,
  /**
   * A share of an equal split (docs/gst.md, "Equal split"): part `sharePart` of `shareOf`, a
   * share of the order line of `wholeQuantity` × the price; its quantity is its share of the
   * items (for stock), its total its share of the money. Absent on other lines.
   */
  shareOf: z.number().int().optional(),
  sharePart: z.number().int().optional(),
  wholeQuantity: z.number().int().optional(),
});
export type OrderReportRow = z.infer<typeof orderReportRowSchema>;

/** One of the most ordered items: by quantity, with the revenue of its lines. */
export const topItemSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  revenuePaise: paise,
});
export type TopItem = z.infer<typeof topItemSchema>;

/**
 * An add-on option sold over the range (docs/menu.md): units of lines that carried it and what
 * it added to them (its price as billed × those units, before the bill's discount).
 */
export const addonSaleSchema = z.object({
  /** The option's group as billed ('Extras'). */
  group: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  revenuePaise: paise,
});
export type AddonSale = z.infer<typeof addonSaleSchema>;

export const ordersReportSummarySchema = z.object({
  /** Bills with at least one matching line. */
  orders: z.number().int(),
  /** Items ordered: the sum of the matching lines' quantities. */
  items: z.number().int(),
  /** Grand total revenue: the sum of the matching lines' totals (price × quantity, before discount). */
  grandTotalPaise: paise,
  /** Discount given on the range's bills; null with a product filter (a discount is per bill). */
  discountPaise: paise.nullable(),
  /** What the bills came to after discount (grand total − discount); null with a product filter. */
  netPaise: paise.nullable(),
  /** Net sales: taxable value + outside GST + service charge (net − tax − round-off); null with a product filter. */
  netSalesPaise: paise.nullable(),
  /** GST collected (CGST + SGST); null with a product filter. */
  taxPaise: paise.nullable(),
});
export type OrdersReportSummary = z.infer<typeof ordersReportSummarySchema>;

export const ordersReportSchema = pagedSchema(orderReportRowSchema).extend({
  /** The range answered (the branch's today when the query named none). */
  from: isoDate,
  to: isoDate,
  summary: ordersReportSummarySchema,
  topItems: z.array(topItemSchema),
  /**
   * Every add-on sold over the range, most sold first (then group and name); the whole range's,
   * whatever the product filter (add-ons are counted per day, not per item).
   */
  addonSales: z.array(addonSaleSchema),
});
export type OrdersReport = z.infer<typeof ordersReportSchema>;

/** `GET /api/reports/charts?from&to`. */
export const reportChartsQuerySchema = dateRangeQuerySchema;

export const reportChartsSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** Every day of the range, days without bills as 0; revenue as the grand total (before discount). */
  revenueByDay: z.array(
    z.object({ date: isoDate, orders: z.number().int(), revenuePaise: paise, netPaise: paise }),
  ),
  /** Hours 0–23 of the branch's clock, by the bills' payment time. */
  salesByHour: z.array(
    z.object({ hour: z.number().int(), orders: z.number().int(), revenuePaise: paise }),
  ),
});
export type ReportCharts = z.infer<typeof reportChartsSchema>;
