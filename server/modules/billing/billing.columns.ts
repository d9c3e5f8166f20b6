// The rows a payment hands to pay_table (billing.functions.sql), by the
// columns' names, and the tax profile row paymentContext answers as JSON: shared by the
// payment (billing.usecases.ts) and the equal split (billing.split.usecases.ts).
import type { PaymentMethod } from '../../../shared/constants';
import type { BillLineView } from '../../../shared/schemas/billing.schemas';
import type { TaxedBill } from '../../../shared/tax';
import type { TaxProfile } from '../../db/schema';
import { paidColumns } from './bill-ledger';
import { taxFiguresOf } from './bill-tax';

/** A bill line as a part of pay_table's p_parts takes it (bill_lines' columns by name). */
export function billLineColumns(
  line: BillLineView & {
    id: string;
    complimentaryBy?: string | null;
    complimentaryApprovedBy?: string | null;
  },
) {
  return {
    id: line.id,
    product_id: line.productId,
    name: line.name,
    variant_id: line.variantId,
    variant_name: line.variantName,
    addons: line.addons,
    note: line.note,
    subcategory: line.subcategory,
    unit_price_paise: line.unitPricePaise,
    quantity: line.quantity,
    line_total_paise: line.lineTotalPaise,
    hsn: line.hsn,
    gst_rate_bps: line.gstRateBps,
    outside_gst: line.outsideGst,
    discount_paise: line.discountPaise,
    taxable_paise: line.taxablePaise,
    cgst_paise: line.cgstPaise,
    sgst_paise: line.sgstPaise,
    complimentary_reason: line.complimentary?.reason ?? null,
    complimentary_value_paise: line.complimentary?.valuePaise ?? null,
    complimentary_by: line.complimentaryBy ?? null,
    complimentary_approved_by: line.complimentaryApprovedBy ?? null,
  };
}

/** A tax profile row from paymentContext's JSON (the table's column names). */
export function taxProfileOfJson(json: Record<string, unknown>): TaxProfile {
  return {
    branchId: json.branch_id as string,
    id: json.id as string,
    tradeName: json.trade_name as string,
    legalName: json.legal_name as string | null,
    address: json.address as string | null,
    phone: json.phone as string | null,
    gstin: json.gstin as string | null,
    fssai: json.fssai as string | null,
    regime: json.regime as TaxProfile['regime'],
    pricesIncludeTax: json.prices_include_tax as boolean,
    roundOff: json.round_off as boolean,
    serviceChargeBps: json.service_charge_bps as number,
    invoicePrefix: json.invoice_prefix as string,
    createdAt: new Date(json.created_at as string),
    createdBy: json.created_by as string | null,
  };
}

/** The bill's tax as its row keeps it (the stored bill's fields). */
export function storedTaxOf(profile: TaxProfile, totals: TaxedBill) {
  const { regime, ...tax } = taxFiguresOf(profile, totals);
  return { taxProfileId: profile.id, taxRegime: regime, ...tax };
}

/** The same, by the columns' names in `bills`. */
export function taxColumns(profile: TaxProfile, totals: TaxedBill) {
  const tax = storedTaxOf(profile, totals);
  return {
    tax_profile_id: tax.taxProfileId,
    tax_regime: tax.taxRegime,
    prices_include_tax: tax.pricesIncludeTax,
    taxable_paise: tax.taxablePaise,
    non_gst_paise: tax.nonGstPaise,
    service_charge_bps: tax.serviceChargeBps,
    service_charge_paise: tax.serviceChargePaise,
    service_charge_rate_bps: tax.serviceChargeRateBps,
    service_charge_tax_paise: tax.serviceChargeTaxPaise,
    cgst_paise: tax.cgstPaise,
    sgst_paise: tax.sgstPaise,
    tax_paise: tax.taxPaise,
    round_off_paise: tax.roundOffPaise,
  };
}

/** The paid columns of these payments by their names in `bills`. */
export function paidColumnsByName(
  payments: readonly { method: PaymentMethod; amountPaise: number }[],
) {
  const paid = paidColumns(payments);
  return {
    paid_cash_paise: paid.paidCashPaise,
    paid_card_paise: paid.paidCardPaise,
    paid_upi_paise: paid.paidUpiPaise,
    paid_other_paise: paid.paidOtherPaise,
  };
}

/** The money received as bill_payments' columns by name (one row per method paid). */
export function paymentColumns(
  rows: readonly { id: string; method: PaymentMethod; amountPaise: number }[],
  received: { at: Date; by: string; shiftId: string | null | undefined },
) {
  return rows.map((row) => ({
    id: row.id,
    method: row.method,
    amount_paise: row.amountPaise,
    received_at: received.at.toISOString(),
    received_by: received.by,
    shift_id: received.shiftId ?? null,
  }));
}
