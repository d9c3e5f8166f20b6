import type { BillLineView, BillPrint, BillTax } from '../../../../shared/schemas/billing.schemas';
import type { Kot, KotItem } from '../../../../shared/schemas/kitchen.schemas';
import type { TaxProfileView } from '../../../../shared/schemas/tax-profile.schemas';

/**
 * Known bills and KOTs for the ESC/POS tests and golden files: plain objects as the API answers
 * them (no database). Their figures are worked out by hand with docs/gst.md's rules, so the
 * printout can be checked against them.
 */

export const TIME_ZONE = 'Asia/Kolkata';

const branch = {
  name: 'Spice Route Kitchen',
  address: '12, 100 Feet Road, Indiranagar\nBengaluru 560038, Karnataka',
  phone: '+91 80 4123 4567',
  gstin: '29AABCS1429B1ZQ',
  timeZone: TIME_ZONE,
};

const seller: TaxProfileView = {
  tradeName: 'Spice Route Kitchen',
  legalName: 'Spice Route Hospitality Private Limited',
  address: branch.address,
  phone: branch.phone,
  gstin: branch.gstin,
  state: { code: '29', name: 'Karnataka' },
  fssai: '11224999000123',
  regime: 'regular',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 1000,
  invoicePrefix: 'SRK',
};

function line(
  fields: Partial<BillLineView> & Pick<BillLineView, 'name' | 'unitPricePaise' | 'quantity'>,
): BillLineView {
  return {
    productId: null,
    variantId: null,
    variantName: null,
    addons: [],
    note: '',
    subcategory: null,
    lineTotalPaise: fields.unitPricePaise * fields.quantity,
    hsn: '996331',
    gstRateBps: 500,
    outsideGst: false,
    discountPaise: 0,
    taxablePaise: fields.unitPricePaise * fields.quantity,
    cgstPaise: 0,
    sgstPaise: 0,
    ...fields,
  };
}

const noTax = (taxablePaise: number): BillTax => ({
  regime: 'regular',
  pricesIncludeTax: false,
  taxablePaise,
  nonGstPaise: 0,
  serviceChargeBps: 0,
  serviceChargePaise: 0,
  serviceChargeRateBps: null,
  serviceChargeTaxPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  taxPaise: 0,
  roundOffPaise: 0,
  rates: [],
});

/**
 * A B2B tax invoice, part 1 of an equal split in 3: 5 % and 18 % lines and a line outside GST,
 * 10 % discount, 10 % service charge, round off.
 * Subtotal 1,310.00; discount 131.00 (lines 56.00, 18.00, 22.00, 35.00); 5 % net 666.00 →
 * CGST = SGST 16.65; 18 % net 198.00 → 17.82 each; outside GST 315.00; service charge 10 % of
 * 864.00 + 315.00 = 117.90, taxed at 5 %: 2.95 each; total 864.00 + 315.00 + 117.90 + 74.84 =
 * 1,371.74, rounded +0.26 to 1,372.00.
 */
export const regularBill: BillPrint = {
  id: '0192b2c4-0000-7000-8000-000000000001',
  number: 'SRK/2627/000123',
  businessDate: '2026-11-26',
  tableId: '0192b2c4-0000-7000-8000-0000000000a4',
  tableLabel: 'T4',
  lines: [
    line({
      name: 'Paneer Tikka (Half)',
      variantId: 'v-half',
      variantName: 'Half',
      addons: [{ id: 'a-cheese', group: 'Extras', name: 'Extra cheese', pricePaise: 3000 }],
      note: 'Less spicy',
      unitPricePaise: 28_000,
      quantity: 2,
      discountPaise: 5600,
      taxablePaise: 50_400,
      cgstPaise: 1260,
      sgstPaise: 1260,
    }),
    line({
      name: 'Butter Naan',
      unitPricePaise: 6000,
      quantity: 3,
      discountPaise: 1800,
      taxablePaise: 16_200,
      cgstPaise: 405,
      sgstPaise: 405,
    }),
    line({
      name: 'Virgin Mojito',
      unitPricePaise: 22_000,
      quantity: 1,
      gstRateBps: 1800,
      discountPaise: 2200,
      taxablePaise: 19_800,
      cgstPaise: 1782,
      sgstPaise: 1782,
    }),
    line({
      name: 'Kingfisher Premium Lager Beer 650 ml',
      unitPricePaise: 35_000,
      quantity: 1,
      hsn: '22030000',
      gstRateBps: null,
      outsideGst: true,
      discountPaise: 3500,
      taxablePaise: 0,
    }),
  ],
  subtotalPaise: 131_000,
  discountBps: 1000,
  discountPaise: 13_100,
  discountFlatPaise: 0,
  totalPaise: 137_200,
  status: 'Settled',
  method: 'UPI',
  responsible: null,
  payments: [
    {
      id: 'p1',
      method: 'Cash',
      amountPaise: 50_000,
      receivedAt: '2026-11-26T09:11:00.000Z',
      receivedBy: 'Asha Rao',
    },
    {
      id: 'p2',
      method: 'UPI',
      amountPaise: 87_200,
      receivedAt: '2026-11-26T09:11:00.000Z',
      receivedBy: 'Asha Rao',
    },
  ],
  paidPaise: 137_200,
  createdAt: '2026-11-26T09:11:00.000Z',
  createdBy: 'Asha Rao',
  guests: 4,
  split: { part: 1, parts: 3 },
  tax: {
    regime: 'regular',
    pricesIncludeTax: false,
    taxablePaise: 86_400,
    nonGstPaise: 31_500,
    serviceChargeBps: 1000,
    serviceChargePaise: 11_790,
    serviceChargeRateBps: 500,
    serviceChargeTaxPaise: 590,
    cgstPaise: 3742,
    sgstPaise: 3742,
    taxPaise: 7484,
    roundOffPaise: 26,
    rates: [
      { rateBps: 500, taxablePaise: 78_390, cgstPaise: 1960, sgstPaise: 1960 },
      { rateBps: 1800, taxablePaise: 19_800, cgstPaise: 1782, sgstPaise: 1782 },
    ],
  },
  seller,
  buyer: {
    name: 'Acme Technologies Private Limited',
    gstin: '29AAGCB7383J1Z4',
    address: '3rd Floor, Prestige Tech Park\nOuter Ring Road, Bengaluru 560103',
  },
  cancellation: null,
  branch,
};

/**
 * Part 3 of 3 of an equal split (docs/gst.md, "Equal split") of Paneer Tikka 1 × 190.00 and
 * Butter Naan 2 × 30.00 at 5 %, Masala Chai Pot 1 × 450.00 at 18 %; whole bill 794.00. Parts 1
 * and 2 carry 63.33, 20.00 and 150.00 (264.00 each); this part the balance 63.34 of the tikka:
 * 233.34, CGST 2.08 + 13.50 each, 264.50 rounded +0.50 to 265.00, then +1.00 so the three parts
 * make 794.00.
 */
export const splitPartBill: BillPrint = {
  ...regularBill,
  id: '0192b2c4-0000-7000-8000-000000000006',
  number: 'SRK/2627/000126',
  lines: [
    line({
      name: 'Paneer Tikka',
      unitPricePaise: 19_000,
      quantity: 0,
      lineTotalPaise: 6334,
      taxablePaise: 6334,
      cgstPaise: 158,
      sgstPaise: 158,
      shareOf: 3,
      sharePart: 3,
      wholeQuantity: 1,
    }),
    line({
      name: 'Butter Naan',
      unitPricePaise: 3000,
      quantity: 1,
      lineTotalPaise: 2000,
      taxablePaise: 2000,
      cgstPaise: 50,
      sgstPaise: 50,
      shareOf: 3,
      sharePart: 3,
      wholeQuantity: 2,
    }),
    line({
      name: 'Masala Chai Pot',
      unitPricePaise: 45_000,
      quantity: 0,
      gstRateBps: 1800,
      lineTotalPaise: 15_000,
      taxablePaise: 15_000,
      cgstPaise: 1350,
      sgstPaise: 1350,
      shareOf: 3,
      sharePart: 3,
      wholeQuantity: 1,
    }),
  ],
  subtotalPaise: 23_334,
  discountBps: 0,
  discountPaise: 0,
  totalPaise: 26_600,
  method: 'UPI',
  payments: [
    {
      id: 'p6',
      method: 'UPI',
      amountPaise: 26_600,
      receivedAt: '2026-11-26T09:11:00.000Z',
      receivedBy: 'Asha Rao',
    },
  ],
  paidPaise: 26_600,
  guests: null,
  split: { part: 3, parts: 3, totalPaise: 79_400, differencePaise: 100 },
  tax: {
    regime: 'regular',
    pricesIncludeTax: false,
    taxablePaise: 23_334,
    nonGstPaise: 0,
    serviceChargeBps: 0,
    serviceChargePaise: 0,
    serviceChargeRateBps: null,
    serviceChargeTaxPaise: 0,
    cgstPaise: 1558,
    sgstPaise: 1558,
    taxPaise: 3116,
    roundOffPaise: 50,
    rates: [
      { rateBps: 500, taxablePaise: 8334, cgstPaise: 208, sgstPaise: 208 },
      { rateBps: 1800, taxablePaise: 15_000, cgstPaise: 1350, sgstPaise: 1350 },
    ],
  },
  buyer: null,
};

/** A composition dealer's bill of supply (no tax), with a name in Devanagari. */
export const compositionBill: BillPrint = {
  ...regularBill,
  id: '0192b2c4-0000-7000-8000-000000000002',
  number: 'AT/2627/000045',
  tableLabel: 'Counter 1',
  lines: [
    line({
      name: 'Masala Dosa',
      unitPricePaise: 12_000,
      quantity: 2,
      gstRateBps: null,
      cgstPaise: 0,
      sgstPaise: 0,
    }),
    line({
      name: 'Filter Coffee (फ़िल्टर कॉफ़ी)',
      unitPricePaise: 4000,
      quantity: 2,
      gstRateBps: null,
    }),
  ],
  subtotalPaise: 32_000,
  discountBps: 0,
  discountPaise: 0,
  totalPaise: 32_000,
  method: 'Cash',
  payments: [
    {
      id: 'p3',
      method: 'Cash',
      amountPaise: 32_000,
      receivedAt: '2026-11-26T03:05:00.000Z',
      receivedBy: 'Lakshmi',
    },
  ],
  paidPaise: 32_000,
  createdAt: '2026-11-26T03:05:00.000Z',
  createdBy: 'Lakshmi',
  guests: null,
  split: null,
  tax: { ...noTax(32_000), regime: 'composition' },
  seller: {
    ...seller,
    tradeName: 'Annapoorna Tiffins',
    legalName: null,
    address: '4th Cross, Malleswaram, Bengaluru 560003',
    phone: null,
    gstin: '29AAGCB7383J1Z4',
    regime: 'composition',
    roundOff: false,
    serviceChargeBps: 0,
    invoicePrefix: 'AT',
  },
  buyer: null,
};

/**
 * A Due bill with prices including GST, partly paid by UPI: 2 x 240.00 = 480.00, 5 % included:
 * CGST = SGST = round(48000 x 500 / 21000) = 11.43, taxable 457.14; 100.00 paid, 380.00 due.
 */
export const dueBill: BillPrint = {
  ...regularBill,
  id: '0192b2c4-0000-7000-8000-000000000003',
  number: 'SRK/2627/000124',
  tableLabel: 'Garden 2',
  lines: [
    line({
      name: 'Hyderabadi Veg Dum Biryani',
      unitPricePaise: 24_000,
      quantity: 2,
      taxablePaise: 45_714,
      cgstPaise: 1143,
      sgstPaise: 1143,
    }),
  ],
  subtotalPaise: 48_000,
  discountBps: 0,
  discountPaise: 0,
  totalPaise: 48_000,
  status: 'Due',
  method: 'Due',
  responsible: 'Mr. Sharma',
  payments: [
    {
      id: 'p4',
      method: 'UPI',
      amountPaise: 10_000,
      receivedAt: '2026-11-26T15:20:00.000Z',
      receivedBy: 'Asha Rao',
    },
  ],
  paidPaise: 10_000,
  createdAt: '2026-11-26T15:20:00.000Z',
  guests: 2,
  split: null,
  tax: {
    ...noTax(45_714),
    pricesIncludeTax: true,
    cgstPaise: 1143,
    sgstPaise: 1143,
    taxPaise: 2286,
    rates: [{ rateBps: 500, taxablePaise: 45_714, cgstPaise: 1143, sgstPaise: 1143 }],
  },
  seller: { ...seller, pricesIncludeTax: true, serviceChargeBps: 0 },
  buyer: null,
};

/** The merchant UPI id the due bill's QR pays. */
export const MERCHANT_VPA = 'spiceroute@okhdfcbank';

/** A settled tax invoice a manager cancelled: 150.00 + 7.50 tax = 157.50, rounded +0.50 to 158.00. */
export const cancelledBill: BillPrint = {
  ...regularBill,
  id: '0192b2c4-0000-7000-8000-000000000004',
  number: 'SRK/2627/000125',
  tableLabel: 'T1',
  lines: [
    line({
      name: 'Masala Chai',
      unitPricePaise: 5000,
      quantity: 3,
      cgstPaise: 375,
      sgstPaise: 375,
    }),
  ],
  subtotalPaise: 15_000,
  discountBps: 0,
  discountPaise: 0,
  totalPaise: 15_800,
  status: 'Cancelled',
  method: 'Cash',
  payments: [
    {
      id: 'p5',
      method: 'Cash',
      amountPaise: 15_800,
      receivedAt: '2026-11-26T10:00:00.000Z',
      receivedBy: 'Asha Rao',
    },
  ],
  paidPaise: 15_800,
  createdAt: '2026-11-26T10:00:00.000Z',
  guests: null,
  split: null,
  tax: {
    ...noTax(15_000),
    cgstPaise: 375,
    sgstPaise: 375,
    taxPaise: 750,
    roundOffPaise: 50,
    rates: [{ rateBps: 500, taxablePaise: 15_000, cgstPaise: 375, sgstPaise: 375 }],
  },
  seller: { ...seller, serviceChargeBps: 0 },
  buyer: null,
  cancellation: {
    at: '2026-11-26T10:30:00.000Z',
    by: 'Meera Iyer',
    reason: 'Wrong item entered',
  },
};

/** A bill from before GST billing (no tax, no seller): 520.00 less 5 % = 494.00, paid by card. */
export const preGstBill: BillPrint = {
  ...regularBill,
  id: '0192b2c4-0000-7000-8000-000000000005',
  number: 'SRK/2025-26/000981',
  businessDate: '2025-08-14',
  tableLabel: 'T7',
  lines: [
    line({
      name: 'Chicken 65',
      unitPricePaise: 22_000,
      quantity: 1,
      hsn: null,
      gstRateBps: null,
      outsideGst: null,
      discountPaise: null,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
    }),
    line({
      name: 'Jeera Rice',
      addons: [{ id: 'a-ghee', group: 'Add', name: 'Ghee', pricePaise: 2000 }],
      unitPricePaise: 15_000,
      quantity: 2,
      hsn: null,
      gstRateBps: null,
      outsideGst: null,
      discountPaise: null,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
    }),
  ],
  subtotalPaise: 52_000,
  discountBps: 500,
  discountPaise: 2600,
  totalPaise: 49_400,
  status: 'Settled',
  method: 'Card',
  payments: [
    {
      id: 'p6',
      method: 'Card',
      amountPaise: 49_400,
      receivedAt: '2025-08-14T14:45:00.000Z',
      receivedBy: 'Asha Rao',
    },
  ],
  paidPaise: 49_400,
  createdAt: '2025-08-14T14:45:00.000Z',
  guests: 3,
  split: null,
  tax: null,
  seller: null,
  buyer: null,
};

function item(fields: Partial<KotItem> & Pick<KotItem, 'id' | 'name' | 'quantity'>): KotItem {
  return {
    lineKey: fields.id,
    productId: `product-${fields.id}`,
    variantName: null,
    addons: [],
    note: '',
    cancelled: false,
    state: 'new',
    stateAt: null,
    ...fields,
  };
}

/** KOT 12 of T4 in two parts: the tandoor's (a variant, add-ons and a note) and the bar's. */
export const sendKot: Kot = {
  id: '0192b2c4-0000-7000-8000-0000000000b1',
  number: 12,
  businessDate: '2026-11-26',
  tableId: regularBill.tableId,
  tableLabel: 'T4',
  sentBy: '0192b2c4-0000-7000-8000-0000000000c1',
  sentByName: 'Ravi Kumar',
  sentAt: '2026-11-26T08:55:00.000Z',
  reason: 'send',
  reprints: 0,
  tickets: [
    {
      id: 'ticket-tandoor',
      stationId: 'station-tandoor',
      stationName: 'Tandoor',
      bumpedAt: null,
      items: [
        item({
          id: 'i1',
          name: 'Paneer Tikka (Half)',
          variantName: 'Half',
          addons: [
            { id: 'a1', group: 'Extras', name: 'Extra cheese', pricePaise: 3000 },
            { id: 'a2', group: 'Dips', name: 'Mint chutney', pricePaise: 0 },
          ],
          note: 'Less spicy, no onion',
          quantity: 2,
        }),
        item({ id: 'i2', name: 'Butter Naan', quantity: 3 }),
        item({ id: 'i3', name: 'Tandoori Chicken Full with Extra Lemon Wedges', quantity: 1 }),
      ],
    },
    {
      id: 'ticket-bar',
      stationId: 'station-bar',
      stationName: 'Bar',
      bumpedAt: null,
      items: [item({ id: 'i4', name: 'Virgin Mojito', note: 'No ice', quantity: 2 })],
    },
  ],
};

/** KOT 13 of T4: a void, the cancelled item marked. */
export const voidKot: Kot = {
  ...sendKot,
  id: '0192b2c4-0000-7000-8000-0000000000b2',
  number: 13,
  sentAt: '2026-11-26T09:02:00.000Z',
  reason: 'void',
  tickets: [
    {
      id: 'ticket-tandoor-13',
      stationId: 'station-tandoor',
      stationName: 'Tandoor',
      bumpedAt: null,
      items: [item({ id: 'i5', name: 'Butter Naan', quantity: 1, cancelled: true })],
    },
  ],
};
