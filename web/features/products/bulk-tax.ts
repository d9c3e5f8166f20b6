import {
  productTaxBodySchema,
  type ProductTaxBody,
} from '../../../shared/schemas/products.schemas';
import { fieldErrors } from '../../lib/field-errors';

/** The "Set GST…" dialog as chosen: blank or 'keep' leaves each product's own value. */
export interface BulkTaxValues {
  /** A slab in basis points ('500'), or '' to keep each product's rate. */
  gstRateBps: string;
  /** An HSN/SAC code, or blank to keep each product's. */
  hsn: string;
  outsideGst: 'keep' | 'yes' | 'no';
}

export const emptyBulkTax = (): BulkTaxValues => ({ gstRateBps: '', hsn: '', outsideGst: 'keep' });

export type BulkTaxResult =
  | { body: ProductTaxBody; errors?: undefined }
  | { body?: undefined; errors: Record<string, string> };

/** The bulk route's body for `productIds`, checked with the server's schema (same messages). */
export function bulkTaxBody(values: BulkTaxValues, productIds: string[]): BulkTaxResult {
  const body: ProductTaxBody = {
    productIds,
    ...(values.gstRateBps === '' ? {} : { gstRateBps: Number(values.gstRateBps) }),
    ...(values.hsn.trim() === '' ? {} : { hsn: values.hsn }),
    ...(values.outsideGst === 'keep' ? {} : { outsideGst: values.outsideGst === 'yes' }),
  };
  const parsed = productTaxBodySchema.safeParse(body);
  return parsed.success ? { body } : { errors: fieldErrors(parsed.error.issues) };
}
