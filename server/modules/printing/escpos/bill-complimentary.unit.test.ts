// A bill with a complimentary (NC) line on the thermal receipt (docs/complimentary.md): the line
// prints at 0.00 with its reason and menu value, outside the taxable value, at both widths.
// UPDATE_GOLDEN=1 npx vitest run server/modules/printing/escpos rewrites the golden files.
import { describe, expect, it } from 'vitest';
import type { BillLineView, BillPrint } from '../../../../shared/schemas/billing.schemas';
import { dumpEscpos } from './escpos-dump';
import { regularBill } from './escpos.fixtures';
import { expectGolden } from './golden.test-support';
import { billEscpos } from './index';

const plain = {
  productId: null,
  variantId: null,
  variantName: null,
  addons: [],
  note: '',
  subcategory: null,
  hsn: '996331',
  gstRateBps: 500,
  outsideGst: false,
  discountPaise: 0,
} satisfies Partial<BillLineView>;

/** A Masala Dosa charged and a Masala Chai given as a staff meal: 120.00 + 5 % GST. */
const ncBill: BillPrint = {
  ...regularBill,
  number: 'SRK/2627/000124',
  lines: [
    {
      ...plain,
      name: 'Masala Dosa',
      unitPricePaise: 12_000,
      quantity: 1,
      lineTotalPaise: 12_000,
      taxablePaise: 12_000,
      cgstPaise: 300,
      sgstPaise: 300,
      complimentary: null,
    },
    {
      ...plain,
      name: 'Masala Chai',
      unitPricePaise: 0,
      quantity: 1,
      lineTotalPaise: 0,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      complimentary: { reason: 'Staff meal', valuePaise: 3000 },
    },
  ],
  subtotalPaise: 12_000,
  discountBps: 0,
  discountPaise: 0,
  discountFlatPaise: 0,
  totalPaise: 12_600,
  method: 'Cash',
  payments: [
    {
      id: 'p1',
      method: 'Cash',
      amountPaise: 12_600,
      receivedAt: regularBill.createdAt,
      receivedBy: 'Asha Rao',
    },
  ],
  paidPaise: 12_600,
  guests: 2,
  split: null,
  buyer: null,
  tax: {
    regime: 'regular',
    pricesIncludeTax: false,
    taxablePaise: 12_000,
    nonGstPaise: 0,
    serviceChargeBps: 0,
    serviceChargePaise: 0,
    serviceChargeRateBps: null,
    serviceChargeTaxPaise: 0,
    cgstPaise: 300,
    sgstPaise: 300,
    taxPaise: 600,
    roundOffPaise: 0,
    rates: [{ rateBps: 500, taxablePaise: 12_000, cgstPaise: 300, sgstPaise: 300 }],
  },
};

describe('a bill with a complimentary line', () => {
  for (const columns of [32, 48] as const) {
    it(`prints the NC line at 0.00 with its reason and menu value at ${columns} columns`, () => {
      const bytes = billEscpos({
        bill: ncBill,
        columns,
        reprint: false,
        openDrawer: false,
        upiUri: null,
        footer: null,
        copies: 1,
      });
      expectGolden(`bill-complimentary-${columns}`, bytes);
      const printed = dumpEscpos(bytes)
        .printed.map((line) => line.text.trim())
        .join(' ')
        .replace(/ +/g, ' ');
      expect(printed).toContain('Masala Chai Complimentary (Staff meal), menu Rs. 30.00');
      expect(printed).toContain('1 x 0.00 0.00');
      // Outside the taxable value: only the dosa is taxed.
      expect(printed).toMatch(/Taxable value 120\.00/);
    });
  }
});
