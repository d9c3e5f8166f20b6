import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import type { PaymentMethod } from '../../../shared/constants';
import { businessDate } from '../../../shared/dates';
import { formatInr, lineTotalPaise, percentToBps, sumPaise } from '../../../shared/money';
import { equalSplit } from '../../../shared/split';
import { maxFlatDiscountPaise, type TaxedBill } from '../../../shared/tax';
import type {
  Bill,
  BillPrint,
  BillLineView,
  BillTax,
  EqualSplitInput,
  LastBill,
  PaymentInput,
  SplitLine,
} from '../../../shared/schemas/billing.schemas';
import type { OrderLine, TableOrder } from '../../../shared/schemas/tables.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { MAX_TODAY_BILLS, type TodayBills } from '../../../shared/schemas/bill-print.schemas';
import type { Actor } from '../../lib/actor';
import { checkViolation, uniqueViolation } from '../../lib/db-errors';
import { EVENTS_CHANNEL, eventPayload } from '../../lib/events';
import { LEAST_STORED_QUANTITY, saleTooLargeOf } from '../inventory/inventory.usecases';
import { getTableOrder } from '../tables/tables.usecases';
import { tableNotFound } from '../tables/tables.errors';
import { getBranchSettings } from '../branches/branches.settings.usecases';
import { createDefaultTaxProfile, findTaxProfile, taxProfileView } from '../branches/tax-profiles';
import type { TaxProfile } from '../../db/schema';
import { paidColumns, recordPayment, recordPaymentInParts } from './bill-ledger';
import { billOfOrder, taxFiguresOf } from './bill-tax';
import { financialYearOf } from './bill-number';
import {
  BILLING_MESSAGES,
  OrderChangedError,
  billNotFound,
  discountFlatTooLarge,
  emptyTable,
  nothingOwed,
  numbersUsedUp,
  paymentsMismatch,
  splitInvalid,
} from './billing.errors';
import * as repo from './billing.repository';

/** A bill line as pay_table's p_lines takes it (bill_lines' columns by name). */
function billLineColumns(
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

type StoredBill = NonNullable<Awaited<ReturnType<typeof repo.findBill>>>;

/**
 * A bill's tax as it was worked out (null before GST billing). The summary per rate adds up
 * its lines and puts the service charge in its rate's row, as computeBill does.
 */
function billTaxOf(row: StoredBill): BillTax | null {
  if (row.taxRegime === null) return null;
  const rates = new Map<number, { taxablePaise: number; cgstPaise: number; sgstPaise: number }>();
  const add = (rateBps: number, taxable: number, half: number) => {
    const rate = rates.get(rateBps) ?? { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 };
    rate.taxablePaise += taxable;
    rate.cgstPaise += half;
    rate.sgstPaise += half;
    rates.set(rateBps, rate);
  };
  for (const line of row.lines) {
    if (line.gstRateBps !== null) add(line.gstRateBps, line.taxablePaise!, line.cgstPaise!);
  }
  if (row.serviceChargeRateBps !== null && row.serviceChargePaise! > 0) {
    add(row.serviceChargeRateBps, row.serviceChargePaise!, row.serviceChargeTaxPaise! / 2);
  }
  return {
    regime: row.taxRegime,
    pricesIncludeTax: row.pricesIncludeTax!,
    taxablePaise: row.taxablePaise!,
    nonGstPaise: row.nonGstPaise!,
    serviceChargeBps: row.serviceChargeBps!,
    serviceChargePaise: row.serviceChargePaise!,
    serviceChargeRateBps: row.serviceChargeRateBps,
    serviceChargeTaxPaise: row.serviceChargeTaxPaise!,
    cgstPaise: row.cgstPaise!,
    sgstPaise: row.sgstPaise!,
    taxPaise: row.taxPaise!,
    roundOffPaise: row.roundOffPaise!,
    rates: [...rates].sort(([a], [b]) => a - b).map(([rateBps, rate]) => ({ rateBps, ...rate })),
  };
}

function billView(row: StoredBill, seller: TaxProfile | undefined): Bill {
  return {
    id: row.id,
    number: row.number,
    businessDate: row.businessDate,
    tableId: row.tableId,
    tableLabel: row.tableLabel,
    lines: row.lines.map(({ shareOf, complimentaryReason, complimentaryValuePaise, ...line }) => ({
      ...line,
      ...(shareOf === null ? {} : { shareOf }),
      complimentary:
        complimentaryReason === null
          ? null
          : { reason: complimentaryReason, valuePaise: complimentaryValuePaise ?? 0 },
    })),
    subtotalPaise: row.subtotalPaise,
    discountBps: row.discountBps,
    discountPaise: row.discountPaise,
    discountFlatPaise: row.discountFlatPaise,
    totalPaise: row.totalPaise,
    status: row.status,
    method: row.method,
    responsible: row.responsible,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    guests: row.guests,
    // Only on the parts of an equal split.
    ...(row.splitPart === null || row.splitParts === null
      ? {}
      : { split: { part: row.splitPart, parts: row.splitParts } }),
    payments: row.payments.map((payment) => ({
      ...payment,
      receivedAt: payment.receivedAt.toISOString(),
    })),
    paidPaise: sumPaise(row.payments.map((payment) => payment.amountPaise)),
    tax: billTaxOf(row),
    seller: seller ? taxProfileView(seller) : null,
    buyer:
      row.buyerGstin === null
        ? null
        : { name: row.buyerName!, gstin: row.buyerGstin, address: row.buyerAddress! },
    cancellation:
      row.cancelledAt === null
        ? null
        : {
            at: row.cancelledAt.toISOString(),
            by: row.cancelledBy,
            reason: row.cancelReason!,
          },
  };
}

/** A bill with its lines and payments; 404 when the branch has no such bill. */
export async function readBill(db: DbOrTx, branchId: string, id: string): Promise<Bill> {
  const row = await repo.findBill(db, branchId, id);
  if (!row) throw billNotFound();
  const seller = row.taxProfileId
    ? await findTaxProfile(db, branchId, row.taxProfileId)
    : undefined;
  return billView(row, seller);
}

/** The method a bill is listed under: 'Due', or the method most of the money came by. */
function mainMethod(input: PaymentInput): PaymentMethod {
  if (input.status === 'Due') return 'Due';
  return input.payments.reduce((main, row) => (row.amountPaise > main.amountPaise ? row : main))
    .method;
}

function checkAmounts(input: PaymentInput, totalPaise: number): void {
  const paid = sumPaise(input.payments.map((row) => row.amountPaise));
  if (input.status === 'Settled' && paid !== totalPaise) {
    throw paymentsMismatch(BILLING_MESSAGES.settledMismatch(formatInr(totalPaise)));
  }
  if (input.status === 'Due' && totalPaise === 0) throw nothingOwed();
  if (input.status === 'Due' && paid >= totalPaise) {
    throw paymentsMismatch(BILLING_MESSAGES.dueTooMuch(formatInr(totalPaise)));
  }
}

/**
 * Pays a table's order (docs/counter.md, "Payments"). The order is read as it is (one
 * statement, at its version) and the bill worked out from it here by shared/money.ts; then ONE
 * call of `pay_table` (bill-ledger.ts, billing.functions.sql), one transaction, locks the table
 * and, if the order is still at that version, numbers and writes the bill, its lines and the
 * money received, adds it to the per-day totals, deducts every ingredient, clears the table,
 * writes the audit row and tells the branch's devices. The same idempotency key again answers
 * the first bill (`created` false) and writes nothing; requests of one table wait for each
 * other on the table's lock.
 */
export async function payTable({
  db,
  clock,
  branchId,
  userId,
  tableId,
  input,
}: Actor & { tableId: string; input: PaymentInput }): Promise<{ bill: Bill; created: boolean }> {
  const earlierBill = async (id: string) => ({
    bill: await readBill(db, branchId, id),
    created: false,
  });
  try {
    const [order, context] = await Promise.all([
      getTableOrder({ db, branchId, tableId }),
      repo.paymentContext(db, branchId, userId, input.idempotencyKey),
    ]);
    if (context.earlierBillId) return await earlierBill(context.earlierBillId);
    if (order.version !== input.expectedVersion) throw new OrderChangedError(order);
    if (order.lines.length === 0) throw emptyTable();
    const { billed, take } = splitOf(order, input.lines);

    const now = clock();
    const profile = context.profile
      ? taxProfileOfJson(context.profile)
      : await createDefaultTaxProfile(db, branchId, now);
    const maxFlat = maxFlatDiscountPaise(
      sumPaise(billed.map((line) => lineTotalPaise(line.unitPricePaise, line.quantity))),
      input.discountBps,
    );
    if (input.discountFlatPaise > maxFlat) throw discountFlatTooLarge(maxFlat);
    const { totals, lines: billLines } = billOfOrder(
      billed,
      input.discountBps,
      profile,
      input.serviceCharge,
      input.discountFlatPaise,
    );
    checkAmounts(input, totals.totalPaise);

    const day = businessDate(now, context.timeZone);
    const financialYear = financialYearOf(day);
    const billId = uuidv7();
    const settled = input.status === 'Settled';
    const method = mainMethod(input);
    const lines = billLines.map((line) => ({ id: uuidv7(), ...line }));
    // Money received: a 0 row only named the method of a fully discounted bill.
    const payments = input.payments
      .filter((row) => row.amountPaise > 0)
      .map((row) => ({ id: uuidv7(), method: row.method, amountPaise: row.amountPaise }));
    const outcome = await recordPayment(db, {
      branchId,
      tableId,
      version: order.version,
      invoicePrefix: profile.invoicePrefix,
      bill: {
        id: billId,
        table_label: order.label,
        financial_year: financialYear,
        business_date: day,
        subtotal_paise: totals.subtotalPaise,
        discount_bps: input.discountBps,
        discount_paise: totals.discountPaise,
        discount_flat_paise: input.discountFlatPaise,
        total_paise: totals.totalPaise,
        method,
        status: input.status,
        responsible: input.responsible,
        idempotency_key: input.idempotencyKey,
        created_by: userId,
        created_at: now.toISOString(),
        ...paidColumnsByName(payments),
        settled_at: settled ? now.toISOString() : null,
        settled_by: settled ? userId : null,
        ...taxColumns(profile, totals),
        buyer_name: input.buyer?.name ?? null,
        buyer_gstin: input.buyer?.gstin ?? null,
        buyer_address: input.buyer?.address ?? null,
      },
      lines: lines.map(billLineColumns),
      payments: payments.map((row) => ({
        id: row.id,
        method: row.method,
        amount_paise: row.amountPaise,
        received_at: now.toISOString(),
        received_by: userId,
        shift_id: input.shiftId ?? null,
      })),
      audit: {
        id: uuidv7(),
        user_id: userId,
        action: settled ? 'bill.settle' : 'bill.due',
        entity: 'bill',
        entity_id: billId,
        data: {
          tableId,
          totalPaise: totals.totalPaise,
          status: input.status,
          method,
          ...(take ? { split: take } : {}),
        },
        created_at: now.toISOString(),
      },
      channel: EVENTS_CHANNEL,
      events: [
        eventPayload(branchId, { type: 'table.changed', tableId }),
        eventPayload(branchId, { type: 'bill.paid', tableId, billId }),
      ],
      stockEvent: eventPayload(branchId, { type: 'stock.changed' }),
      leastQuantity: LEAST_STORED_QUANTITY,
      take,
    });
    switch (outcome.status) {
      case 'replayed':
        return await earlierBill(outcome.billId);
      case 'changed':
        throw new OrderChangedError(await getTableOrder({ db, branchId, tableId }));
      case 'table_not_found':
        throw tableNotFound();
    }
    // The answer as readBill would read it back: the lines and payments in the order their
    // ids were made, by this user.
    const bill = billView(
      {
        id: billId,
        number: outcome.number,
        businessDate: day,
        tableId,
        tableLabel: order.label,
        lines: lines.map(
          ({
            id: _id,
            complimentary,
            complimentaryBy: _by,
            complimentaryApprovedBy: _ok,
            ...line
          }) => ({
            ...line,
            shareOf: null,
            complimentaryReason: complimentary?.reason ?? null,
            complimentaryValuePaise: complimentary?.valuePaise ?? null,
          }),
        ),
        subtotalPaise: totals.subtotalPaise,
        discountBps: input.discountBps,
        discountPaise: totals.discountPaise,
        discountFlatPaise: input.discountFlatPaise,
        totalPaise: totals.totalPaise,
        status: input.status,
        method,
        responsible: input.responsible,
        createdAt: now,
        createdBy: context.userName,
        guests: await repo.billGuests(db, branchId, billId),
        splitPart: null,
        splitParts: null,
        payments: payments.map((row) => ({
          ...row,
          receivedAt: now,
          receivedBy: context.userName,
        })),
        ...storedTaxOf(profile, totals),
        buyerName: input.buyer?.name ?? null,
        buyerGstin: input.buyer?.gstin ?? null,
        buyerAddress: input.buyer?.address ?? null,
        cancelledAt: null,
        cancelledBy: null,
        cancelReason: null,
      },
      profile,
    );
    return { bill, created: true };
  } catch (error) {
    // The same key sent for another table at the same moment: the first one's bill stands.
    if (uniqueViolation(error) === 'bills_idempotency_key_unique') {
      const id = await repo.billIdByKey(db, branchId, input.idempotencyKey);
      if (id) return earlierBill(id);
    }
    if (checkViolation(error) === 'bills_number_length_check') throw numbersUsedUp();
    throw saleTooLargeOf(error) ?? error;
  }
}

/** Part k's idempotency key: the request's for the first part, one made from it for the others. */
function partKey(key: string, part: number): string {
  return part === 1 ? key : uuidv5(`${key}/${part}`, PART_KEYS);
}
const PART_KEYS = '5f6b0d55-8f5c-4f4e-9a3e-6c1d2b7a9e10';

/**
 * Pays a table's whole order as N equal parts (docs/kitchen.md, "Equal split"), each its own
 * bill with its own number and tax, in ONE call of `pay_table_parts` (billing.functions.sql):
 * the whole bill is worked out once by shared/tax.ts and shared out by shared/split.ts, so the
 * parts add up to it to the paisa and each line's items are counted once over the parts (stock,
 * item and tax reports). Each part's payments must add up to its amount. The same idempotency
 * key again answers the parts' bills (`created` false) and writes nothing.
 */
export async function payTableInParts({
  db,
  clock,
  branchId,
  userId,
  tableId,
  input,
}: Actor & { tableId: string; input: EqualSplitInput }): Promise<{
  bills: Bill[];
  created: boolean;
}> {
  const n = input.parts.length;
  const keys = input.parts.map((_, k) => partKey(input.idempotencyKey, k + 1));
  const earlierBills = async (ids: string[]) => ({
    bills: await Promise.all(ids.map((id) => readBill(db, branchId, id))),
    created: false,
  });
  const [order, context] = await Promise.all([
    getTableOrder({ db, branchId, tableId }),
    repo.paymentContext(db, branchId, userId, input.idempotencyKey),
  ]);
  if (context.earlierBillId) {
    return earlierBills(await repo.billIdsByKeys(db, branchId, keys));
  }
  if (order.version !== input.expectedVersion) throw new OrderChangedError(order);
  if (order.lines.length === 0) throw emptyTable();

  const now = clock();
  const profile = context.profile
    ? taxProfileOfJson(context.profile)
    : await createDefaultTaxProfile(db, branchId, now);
  const discountBps = percentToBps(input.discountPercent);
  const { totals: whole, lines: wholeLines } = billOfOrder(
    order.lines,
    discountBps,
    profile,
    input.serviceCharge,
  );
  const shares = equalSplit(
    whole,
    wholeLines.map((line) => line.quantity),
    n,
  );
  const day = businessDate(now, context.timeZone);
  const financialYear = financialYearOf(day);
  const parts = shares.map((share, k) => {
    const paid = sumPaise(input.parts[k]!.payments.map((row) => row.amountPaise));
    if (paid !== share.bill.totalPaise) {
      const message = BILLING_MESSAGES.partMismatch(k + 1, formatInr(share.bill.totalPaise));
      throw paymentsMismatch(message, `parts.${k}.payments`);
    }
    const payments = input.parts[k]!.payments.filter((row) => row.amountPaise > 0).map((row) => ({
      id: uuidv7(),
      method: row.method,
      amountPaise: row.amountPaise,
    }));
    const method = input.parts[k]!.payments.reduce((main, row) =>
      row.amountPaise > main.amountPaise ? row : main,
    ).method;
    const lines = wholeLines.map((line, i) => {
      const taxed = share.bill.lines[i]!;
      return {
        id: uuidv7(),
        ...line,
        quantity: share.quantities[i]!,
        // A complimentary line's menu value goes with its items.
        complimentary: line.complimentary && {
          reason: line.complimentary.reason,
          valuePaise: (line.complimentary.valuePaise / line.quantity) * share.quantities[i]!,
        },
        lineTotalPaise: taxed.amountPaise,
        discountPaise: taxed.discountPaise,
        taxablePaise: taxed.taxablePaise,
        cgstPaise: taxed.cgstPaise,
        sgstPaise: taxed.sgstPaise,
        shareOf: n,
        sharePart: k + 1,
      };
    });
    return { id: uuidv7(), key: keys[k]!, bill: share.bill, payments, method, lines };
  });

  try {
    const outcome = await recordPaymentInParts(db, {
      branchId,
      tableId,
      version: order.version,
      invoicePrefix: profile.invoicePrefix,
      parts: parts.map((part, k) => ({
        bill: {
          id: part.id,
          table_label: order.label,
          financial_year: financialYear,
          business_date: day,
          subtotal_paise: part.bill.subtotalPaise,
          discount_bps: discountBps,
          discount_paise: part.bill.discountPaise,
          total_paise: part.bill.totalPaise,
          method: part.method,
          status: 'Settled',
          responsible: null,
          idempotency_key: part.key,
          created_by: userId,
          created_at: now.toISOString(),
          ...paidColumnsByName(part.payments),
          settled_at: now.toISOString(),
          settled_by: userId,
          ...taxColumns(profile, part.bill),
          buyer_name: null,
          buyer_gstin: null,
          buyer_address: null,
          split_part: k + 1,
          split_parts: n,
        },
        lines: part.lines.map((line) => ({
          ...billLineColumns(line),
          share_of: line.shareOf,
          share_part: line.sharePart,
        })),
        payments: part.payments.map((row) => ({
          id: row.id,
          method: row.method,
          amount_paise: row.amountPaise,
          received_at: now.toISOString(),
          received_by: userId,
          shift_id: input.shiftId ?? null,
        })),
      })),
      audit: {
        id: uuidv7(),
        user_id: userId,
        action: 'bill.equal_split',
        entity: 'table',
        entity_id: tableId,
        data: {
          tableId,
          totalPaise: whole.totalPaise,
          parts: parts.map((part) => ({ billId: part.id, totalPaise: part.bill.totalPaise })),
        },
        created_at: now.toISOString(),
      },
      channel: EVENTS_CHANNEL,
      events: [
        eventPayload(branchId, { type: 'table.changed', tableId }),
        ...parts.map((part) =>
          eventPayload(branchId, { type: 'bill.paid', tableId, billId: part.id }),
        ),
      ],
      stockEvent: eventPayload(branchId, { type: 'stock.changed' }),
      leastQuantity: LEAST_STORED_QUANTITY,
    });
    switch (outcome.status) {
      case 'replayed':
        return earlierBills(outcome.billIds);
      case 'changed':
        throw new OrderChangedError(await getTableOrder({ db, branchId, tableId }));
      case 'table_not_found':
        throw tableNotFound();
    }
    return {
      bills: await Promise.all(outcome.billIds.map((id) => readBill(db, branchId, id))),
      created: true,
    };
  } catch (error) {
    if (uniqueViolation(error) === 'bills_idempotency_key_unique') {
      const ids = await repo.billIdsByKeys(db, branchId, keys);
      if (ids.length > 0) return earlierBills(ids);
    }
    if (checkViolation(error) === 'bills_number_length_check') throw numbersUsedUp();
    throw saleTooLargeOf(error) ?? error;
  }
}

/**
 * A split by items (docs/kitchen.md, "Move, merge, split"): the order's lines this bill pays,
 * each at the chosen quantity, and what pay_table takes off the table (null: the whole order,
 * also when the choice names every line in full). A key not on the order (at the version the
 * cashier saw) or more than a line has answers 409 naming `lines`.
 */
function splitOf(
  order: TableOrder,
  chosen: readonly SplitLine[] | null,
): { billed: OrderLine[]; take: SplitLine[] | null } {
  if (chosen === null) return { billed: order.lines, take: null };
  const byKey = new Map(order.lines.map((line) => [line.key, line]));
  const billed = chosen.map((pick) => {
    const line = byKey.get(pick.key);
    if (!line) throw splitInvalid(BILLING_MESSAGES.splitLineGone);
    if (pick.quantity > line.quantity) {
      throw splitInvalid(BILLING_MESSAGES.splitTooMany(line.name, line.quantity));
    }
    return {
      ...line,
      quantity: pick.quantity,
      lineTotalPaise: line.unitPricePaise * pick.quantity,
    };
  });
  const whole =
    chosen.length === order.lines.length &&
    billed.every((line) => line.quantity === byKey.get(line.key)!.quantity);
  return { billed, take: whole ? null : chosen.map(({ key, quantity }) => ({ key, quantity })) };
}

/** A tax profile row from paymentContext's JSON (the table's column names). */
function taxProfileOfJson(json: Record<string, unknown>): TaxProfile {
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
function storedTaxOf(profile: TaxProfile, totals: TaxedBill) {
  const { regime, ...tax } = taxFiguresOf(profile, totals);
  return { taxProfileId: profile.id, taxRegime: regime, ...tax };
}

/** The same, by the columns' names in `bills`. */
function taxColumns(profile: TaxProfile, totals: TaxedBill) {
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
function paidColumnsByName(payments: readonly { method: PaymentMethod; amountPaise: number }[]) {
  const paid = paidColumns(payments);
  return {
    paid_cash_paise: paid.paidCashPaise,
    paid_card_paise: paid.paidCardPaise,
    paid_upi_paise: paid.paidUpiPaise,
    paid_other_paise: paid.paidOtherPaise,
  };
}

/**
 * The table's most recent bill, or null; 404 when the branch has no such table. The payment
 * modal asks it when the order it shows empties: was the table just paid, and by which bill?
 */
export async function lastBillOfTable({
  db,
  branchId,
  tableId,
}: {
  db: Db;
  branchId: string;
  tableId: string;
}): Promise<LastBill> {
  const [, row] = await Promise.all([
    getTableOrder({ db, branchId, tableId }),
    repo.lastBillOfTable(db, branchId, tableId),
  ]);
  return { bill: row ? { ...row, createdAt: row.createdAt.toISOString() } : null };
}

/**
 * A bill with the branch's details, to print (again). `anyDay` false (staff, who do not see the
 * reports) reads only a bill of the branch's business day today, or one still Due (staff
 * settle dues and see them listed): any other answers 404, as a bill that does not exist.
 */
export async function getBillForPrint({
  db,
  clock,
  branchId,
  id,
  anyDay,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  id: string;
  anyDay: boolean;
}): Promise<BillPrint> {
  const [bill, branch] = await Promise.all([
    readBill(db, branchId, id),
    getBranchSettings({ db, branchId }),
  ]);
  if (!anyDay && bill.status !== 'Due') {
    if (bill.businessDate !== businessDate(clock(), branch.timeZone)) throw billNotFound();
  }
  return { ...bill, branch };
}

/** The branch's bills of its business day today, newest first (at most `MAX_TODAY_BILLS`). */
export async function todaysBills({
  db,
  clock,
  branchId,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
}): Promise<TodayBills> {
  const timeZone = await repo.branchTimeZone(db, branchId);
  const day = businessDate(clock(), timeZone);
  const rows = await repo.billsOfDay(db, branchId, day, MAX_TODAY_BILLS);
  return {
    businessDate: day,
    timeZone,
    items: rows
      .slice(0, MAX_TODAY_BILLS)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    truncated: rows.length > MAX_TODAY_BILLS,
  };
}
