// ESC/POS bills, KOTs and test pages (docs/printing.md, "ESC/POS"): golden files of known
// receipts at both widths, and the facts every receipt must hold, read back from the bytes.
// UPDATE_GOLDEN=1 npx vitest run server/modules/printing/escpos rewrites the golden files.
import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { describe, expect, it } from 'vitest';
import { paiseToRupeesString } from '../../../../shared/money';
import type { BillPrint } from '../../../../shared/schemas/billing.schemas';
import type { ProvisionalBill } from '../../../../shared/schemas/bill-print.schemas';
import {
  amountDuePaise,
  billUpiUri,
  parseUpiPayUri,
  tablePaymentReference,
  upiPayUri,
} from '../../../../shared/upi';
import { dumpEscpos, type EscposDump } from './escpos-dump';
import { expectGolden } from './golden.test-support';
import {
  MERCHANT_VPA,
  TIME_ZONE,
  cancelledBill,
  compositionBill,
  dueBill,
  preGstBill,
  regularBill,
  splitPartBill,
  sendKot,
  voidKot,
} from './escpos.fixtures';
import {
  billEscpos,
  kotEscpos,
  provisionalEscpos,
  testPageEscpos,
  type BillEscposInput,
} from './index';
import { rasterLine } from './raster-text';
import { printable, wrap } from './receipt-text';
import { ReceiptWriter } from './receipt-writer';

const WIDTHS = [32, 48] as const;

function billInput(bill: BillPrint, columns: 32 | 48, more: Partial<BillEscposInput> = {}) {
  return {
    bill,
    columns,
    reprint: false,
    openDrawer: false,
    upiUri: billUpiUri(bill, MERCHANT_VPA, 'Spice Route Kitchen'),
    footer: null,
    copies: 1,
    ...more,
  } satisfies BillEscposInput;
}

const text = (dump: EscposDump) => dump.printed.map((line) => line.text).join('\n');
/** The printed words as one line (what a sentence says, wherever it wrapped). */
const words = (dump: EscposDump) =>
  dump.printed
    .map((line) => line.text.trim())
    .join(' ')
    .replace(/ +/g, ' ');

/** The facts every receipt holds: it fits the paper, prints no rupee sign and ends cut. */
function expectPrintable(dump: EscposDump, columns: number): void {
  for (const line of dump.printed) {
    expect(line.columns, `"${line.text}" is wider than ${columns} columns`).toBeLessThanOrEqual(
      columns,
    );
  }
  expect(text(dump)).not.toContain('₹');
  expect(dump.lines.at(-1)).toBe('[cut]');
}

const bills = {
  regular: regularBill,
  composition: compositionBill,
  due: dueBill,
  cancelled: cancelledBill,
  'pre-gst': preGstBill,
  split: splitPartBill,
};

describe('bill golden files', () => {
  for (const columns of WIDTHS) {
    it(`prints the regular B2B tax invoice (two rates, discount, service charge, split part) at ${columns} columns`, () => {
      expectGolden(
        `bill-regular-${columns}`,
        billEscpos(
          billInput(regularBill, columns, {
            openDrawer: true,
            footer: 'Thank you!\nFollow us @spiceroute',
          }),
        ),
      );
    });

    it(`prints the composition bill of supply at ${columns} columns`, () => {
      expectGolden(`bill-composition-${columns}`, billEscpos(billInput(compositionBill, columns)));
    });

    it(`prints the Due bill with its UPI QR at ${columns} columns`, () => {
      expectGolden(`bill-due-qr-${columns}`, billEscpos(billInput(dueBill, columns)));
    });

    it(`prints the cancelled bill, reprinted as DUPLICATE, at ${columns} columns`, () => {
      expectGolden(
        `bill-cancelled-${columns}`,
        billEscpos(billInput(cancelledBill, columns, { reprint: true })),
      );
    });

    it(`prints the last part of an equal split (shares, balance, difference) at ${columns} columns`, () => {
      expectGolden(`bill-split-part-${columns}`, billEscpos(billInput(splitPartBill, columns)));
    });

    it(`prints the bill made before GST billing at ${columns} columns`, () => {
      expectGolden(`bill-pre-gst-${columns}`, billEscpos(billInput(preGstBill, columns)));
    });

    it(`prints a provisional bill's second print, not a tax invoice, with its QR at ${columns} columns`, () => {
      const { lines, subtotalPaise, discountBps, discountPaise, totalPaise } = regularBill;
      const provisional: ProvisionalBill = {
        tableId: regularBill.tableId,
        tableLabel: regularBill.tableLabel,
        at: regularBill.createdAt,
        timeZone: regularBill.branch.timeZone,
        version: 7,
        discountFlatPaise: 0,
        openedAt: regularBill.createdAt,
        ...{ lines, subtotalPaise, discountBps, discountPaise, totalPaise },
        tax: regularBill.tax!,
        seller: regularBill.seller!,
      };
      const upiUri = upiPayUri({
        vpa: MERCHANT_VPA,
        payeeName: 'Spice Route Kitchen',
        amountPaise: totalPaise,
        billNumber: tablePaymentReference(regularBill.tableLabel),
      });
      const bytes = provisionalEscpos({
        provisional: { bill: provisional, printNumber: 2 },
        columns,
        upiUri,
        footer: 'धन्यवाद',
      });
      expectGolden(`bill-provisional-${columns}`, bytes);
      const dump = dumpEscpos(bytes);
      expectPrintable(dump, columns);
      expect(dump.qrcodes).toEqual([upiUri]);
      expect(words(dump)).not.toContain('Bill No.');
    });

    it(`prints a Hindi item name and footer as pictures at ${columns} columns`, () => {
      const hindi: BillPrint = {
        ...regularBill,
        lines: [{ ...regularBill.lines[0]!, name: 'पनीर टिक्का' }, ...regularBill.lines.slice(1)],
      };
      expectGolden(
        `bill-hindi-${columns}`,
        billEscpos(billInput(hindi, columns, { footer: 'धन्यवाद, फिर पधारें!\nThank you' })),
      );
    });
  }
});

describe('KOT golden files', () => {
  for (const columns of WIDTHS) {
    it(`prints a KOT's two stations, each its own page, at ${columns} columns`, () => {
      expectGolden(
        `kot-send-${columns}`,
        kotEscpos({
          kot: sendKot,
          ticketIds: null,
          columns,
          reprint: false,
          copies: 1,
          timeZone: TIME_ZONE,
        }),
      );
    });

    it(`prints a void KOT with its cancelled item at ${columns} columns`, () => {
      expectGolden(
        `kot-void-${columns}`,
        kotEscpos({
          kot: voidKot,
          ticketIds: null,
          columns,
          reprint: false,
          copies: 1,
          timeZone: TIME_ZONE,
        }),
      );
    });

    it(`prints one station's part again as REPRINT at ${columns} columns`, () => {
      expectGolden(
        `kot-reprint-${columns}`,
        kotEscpos({
          kot: sendKot,
          ticketIds: ['ticket-bar'],
          columns,
          reprint: true,
          copies: 1,
          timeZone: TIME_ZONE,
        }),
      );
    });
  }
});

describe('test page golden files', () => {
  for (const [paperWidth, columns] of [
    [58, 32],
    [80, 48],
  ] as const) {
    it(`prints the ${paperWidth} mm test page`, () => {
      const bytes = testPageEscpos({
        printerName: 'Counter printer',
        branchName: 'Spice Route Kitchen',
        columns,
        at: new Date('2026-11-26T09:11:00.000Z'),
        timeZone: TIME_ZONE,
        paperWidth,
      });
      expectGolden(`test-page-${paperWidth}`, bytes);
      const dump = dumpEscpos(bytes);
      expectPrintable(dump, columns);
      expect(text(dump)).toContain('26 Nov 2026, 2:41 pm');
      expect(text(dump)).toContain('Rs. 1,23,456.00');
      expect(dump.qrcodes).toHaveLength(1);
    });
  }
});

describe('what every bill prints', () => {
  for (const columns of WIDTHS) {
    for (const [name, bill] of Object.entries(bills)) {
      it(`the ${name} bill fits ${columns} columns, prints Rs. and no rupee sign, and ends cut`, () => {
        const dump = dumpEscpos(billEscpos(billInput(bill, columns)));
        expectPrintable(dump, columns);
        expect(text(dump)).toContain('Rs. ');
        expect(text(dump)).toContain(bill.number);
        expect(dump.cuts).toBe(1);
        // Every name is Latin here but one Devanagari name, printed as a picture: never a '?'.
        expect(text(dump)).not.toContain('?');
        expect(dump.images).toHaveLength(bill === compositionBill ? 1 : 0);
      });
    }
  }

  it('prints the heading of each regime, the composition legend and the tax of a tax invoice only', () => {
    const regular = text(dumpEscpos(billEscpos(billInput(regularBill, 48))));
    const composition = words(dumpEscpos(billEscpos(billInput(compositionBill, 48))));
    const unregistered = text(
      dumpEscpos(
        billEscpos(
          billInput(
            { ...compositionBill, tax: { ...compositionBill.tax!, regime: 'unregistered' } },
            48,
          ),
        ),
      ),
    );
    expect(regular).toContain('TAX INVOICE');
    expect(regular).toMatch(/^CGST +37\.42$/m);
    expect(regular).toMatch(/^ {2}SGST 9 % +17\.82$/m);
    expect(composition).toContain('BILL OF SUPPLY');
    expect(composition).toContain(
      'Composition taxable person, not eligible to collect tax on supplies',
    );
    expect(composition).not.toContain('CGST');
    expect(unregistered).toMatch(/^ +BILL$/m);
    expect(unregistered).not.toContain('CGST');
    expect(unregistered).not.toContain('Composition');
  });

  it('prints the buyer, the split part, the round off and the grand total of the regular bill', () => {
    const printed = text(dumpEscpos(billEscpos(billInput(regularBill, 32))));
    expect(printed).toContain('Acme Technologies Private');
    expect(printed).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(printed).toMatch(/^Equal split +Part 1 of 3$/m);
    expect(printed).toMatch(/^Round off +\+0\.26$/m);
    expect(printed).toMatch(/^GRAND TOTAL +Rs\. 1,372\.00$/m);
    expect(printed).toMatch(/^Cashier +Asha Rao$/m);
    expect(printed).toMatch(/^Date +26 Nov 2026$/m);
    expect(printed).toMatch(/^Time +2:41 pm$/m);
  });

  it("prints the Due bill's QR of exactly its amount due, with the words that say so", () => {
    for (const columns of WIDTHS) {
      const dump = dumpEscpos(billEscpos(billInput(dueBill, columns)));
      expect(dump.qrcodes).toHaveLength(1);
      const params = parseUpiPayUri(dump.qrcodes[0]!);
      expect(params.am).toBe(paiseToRupeesString(amountDuePaise(dueBill)));
      expect(params.am).toBe('380.00');
      expect(params).toMatchObject({ pa: MERCHANT_VPA, cu: 'INR', tr: dueBill.number });
      expect(text(dump)).toContain('Scan to pay Rs. 380.00 via UPI');
      expect(text(dump)).toMatch(/^Balance due +Rs\. 380\.00$/m);
    }
  });

  it('prints no QR without a UPI link (a settled bill has nothing due)', () => {
    expect(billUpiUri(regularBill, MERCHANT_VPA, 'x')).toBeNull();
    const dump = dumpEscpos(billEscpos(billInput(regularBill, 32)));
    expect(dump.qrcodes).toEqual([]);
    expect(text(dump)).not.toContain('Scan to pay');
  });

  it('kicks the cash drawer only when asked, once, before the cut', () => {
    const kicked = dumpEscpos(billEscpos(billInput(regularBill, 32, { openDrawer: true })));
    expect(kicked.pulses).toBe(1);
    expect(kicked.lines.indexOf('[pulse]')).toBeLessThan(kicked.lines.lastIndexOf('[cut]'));
    expect(dumpEscpos(billEscpos(billInput(regularBill, 32))).pulses).toBe(0);
    const copies = dumpEscpos(
      billEscpos(billInput(regularBill, 32, { openDrawer: true, copies: 3 })),
    );
    expect(copies.pulses).toBe(1);
  });

  it('says DUPLICATE on a reprint only', () => {
    expect(text(dumpEscpos(billEscpos(billInput(regularBill, 32, { reprint: true }))))).toContain(
      'DUPLICATE',
    );
    expect(text(dumpEscpos(billEscpos(billInput(regularBill, 32))))).not.toContain('DUPLICATE');
  });

  it('marks a cancelled bill CANCELLED with when, who and why', () => {
    const printed = words(dumpEscpos(billEscpos(billInput(cancelledBill, 48))));
    expect(printed).toContain('CANCELLED');
    expect(printed).toContain('on 26 Nov 2026, 4:00 pm by Meera Iyer: Wrong item entered');
    expect(text(dumpEscpos(billEscpos(billInput(regularBill, 48))))).not.toContain('CANCELLED');
  });

  it('prints each copy whole, each cut', () => {
    for (const copies of [1, 2, 5]) {
      const dump = dumpEscpos(billEscpos(billInput(regularBill, 48, { copies })));
      expect(dump.cuts).toBe(copies);
      expect(dump.lines.filter((line) => line.includes('TAX INVOICE'))).toHaveLength(copies);
    }
    expect(() => billEscpos(billInput(regularBill, 48, { copies: 0 }))).toThrow(RangeError);
    expect(() => billEscpos(billInput(regularBill, 48, { copies: 6 }))).toThrow(RangeError);
  });

  it('prints the footer centred, line by line, instead of the thanks', () => {
    const printed = text(
      dumpEscpos(
        billEscpos(billInput(regularBill, 32, { footer: 'Visit again\n\nwww.spiceroute.in' })),
      ),
    );
    expect(printed).toMatch(/^ +Visit again$/m);
    expect(printed).toMatch(/^ +www\.spiceroute\.in$/m);
    expect(printed).not.toContain('Thank you for dining');
  });

  it('wraps long names between words, keeps huge amounts whole and fits both widths', () => {
    const longName =
      'Chef Special Slow Cooked Hyderabadi Mutton Dum Biryani with Mirchi ka Salan and Raita';
    const bill: BillPrint = {
      ...regularBill,
      lines: [
        {
          ...regularBill.lines[0]!,
          name: longName,
          variantName: 'Family Pack Serves Four',
          note: 'Pack the salan separately please, the guest is travelling far',
          unitPricePaise: 99_999_999,
          quantity: 10,
          lineTotalPaise: 999_999_990,
        },
      ],
      subtotalPaise: 999_999_990,
      totalPaise: 999_999_990,
      seller: {
        ...regularBill.seller!,
        tradeName: 'The Grand Imperial Multicuisine Restaurant and Banquets',
      },
    };
    for (const columns of WIDTHS) {
      const dump = dumpEscpos(billEscpos(billInput(bill, columns)));
      expectPrintable(dump, columns);
      const printed = text(dump);
      for (const word of longName.split(' ')) expect(printed).toMatch(new RegExp(`\\b${word}\\b`));
      expect(printed).toContain('99,99,999.90');
      expect(printed).toContain('10 x 9,99,999.99');
    }
  });
});

describe('what every KOT prints', () => {
  const kotInput = (more: Partial<Parameters<typeof kotEscpos>[0]> = {}) => ({
    kot: sendKot,
    ticketIds: null,
    columns: 32 as const,
    reprint: false,
    copies: 1,
    timeZone: TIME_ZONE,
    ...more,
  });

  it('prints each station its own cut page, with the table, the KOT number and who sent it', () => {
    for (const columns of WIDTHS) {
      const dump = dumpEscpos(kotEscpos(kotInput({ columns })));
      expectPrintable(dump, columns);
      expect(dump.cuts).toBe(2);
      const printed = text(dump);
      expect(printed.match(/KOT 12/g)).toHaveLength(2);
      expect(printed).toContain('Tandoor');
      expect(printed).toContain('Bar');
      expect(printed).toContain('Table T4');
      expect(printed).toContain('26 Nov 2026, 2:25 pm');
      expect(printed).toContain('Sent by Ravi Kumar');
      expect(printed).toContain('2 x Paneer Tikka (Half)');
      expect(printed).toContain('+ Extra cheese, Mint chutney');
      expect(printed).toContain('** Less spicy, no onion **');
      expect(printed).not.toContain('REPRINT');
      expect(printed).not.toContain('CANCELLED');
    }
  });

  it('prints items in large type: double height, and double width on 80 mm', () => {
    const narrow = dumpEscpos(kotEscpos(kotInput({ columns: 32 })));
    const wide = dumpEscpos(kotEscpos(kotInput({ columns: 48 })));
    const sizeBefore = (dump: EscposDump, line: string) =>
      dump.lines[dump.lines.findIndex((entry) => entry.trim() === line) - 1];
    expect(sizeBefore(narrow, '2 x Paneer Tikka (Half)')).toBe('[bold on][size 1x2]');
    expect(sizeBefore(wide, '2 x Paneer Tikka (Half)')).toBe('[bold on][size 2x2]');
    expect(sizeBefore(narrow, 'KOT 12')).toBe('[bold on][size 2x2]');
  });

  it('marks a cancelled item CANCELLED, inverted', () => {
    const dump = dumpEscpos(kotEscpos(kotInput({ kot: voidKot })));
    const at = dump.lines.findIndex((line) => line === 'CANCELLED 1 x Butter Naan');
    expect(at).toBeGreaterThan(0);
    expect(dump.lines[at - 1]).toContain('[invert on]');
    expect(text(dump)).toContain('KOT 13 VOID');
    expect(text(dump)).toContain('1 cancelled');
  });

  it('says REPRINT on a reprint only, and prints only the parts asked for', () => {
    const dump = dumpEscpos(kotEscpos(kotInput({ reprint: true, ticketIds: ['ticket-bar'] })));
    expect(text(dump)).toContain('REPRINT');
    expect(text(dump)).toContain('Bar');
    expect(text(dump)).not.toContain('Tandoor');
    expect(dump.cuts).toBe(1);
    expect(kotEscpos(kotInput({ ticketIds: [] }))).toHaveLength(0);
  });

  it('prints each part as many times as the copies, each cut', () => {
    expect(dumpEscpos(kotEscpos(kotInput({ copies: 3 }))).cuts).toBe(6);
    expect(() => kotEscpos(kotInput({ copies: 0 }))).toThrow(RangeError);
  });
});

describe('receipt text', () => {
  it('has no code page with the rupee sign, so receipts print Rs.', () => {
    const withRupee = CodepageEncoder.getEncodings().filter((codepage) =>
      CodepageEncoder.getEncoding(codepage).codepoints.includes(0x20b9),
    );
    expect(withRupee).toEqual([]);
  });

  it('would print a ? for every UTF-16 unit the encoder cannot encode, hence printable()', () => {
    const raw = dumpEscpos(new ReceiptWriter(32).line('Pizza 🍕').cut().encode());
    expect(raw.printed[0]?.text).toBe('Pizza ??');
    const clean = dumpEscpos(new ReceiptWriter(32).line(printable('Pizza 🍕')).cut().encode());
    expect(clean.printed[0]?.text).toBe('Pizza ?');
  });

  it("keeps India's scripts, prints emoji as one ? a run, and plain equivalents of our symbols", () => {
    expect(printable('Paneer Tikka (पनीर टिक्का)')).toBe('Paneer Tikka (पनीर टिक्का)');
    expect(printable('Pizza 🍕🍕 Large')).toBe('Pizza ? Large');
    expect(printable('−₹5.00 × 2 “hot” – ok…')).toBe('-Rs. 5.00 x 2 "hot" - ok...');
    expect(printable('Crème brûlée, Ṭikkā')).toBe('Crème brûlée, Tikka');
    expect(printable('Tab\there\u0007')).toBe('Tab here');
    // ZWNJ and ZWJ shape Indian letters (क्‍ष, a half form) and are dropped elsewhere.
    expect(printable('क्\u200dष')).toBe('क्\u200dष');
    expect(printable('a\u200db')).toBe('ab');
  });

  it("prints a line in an Indian script as one picture of the paper's width, in place of text", () => {
    for (const columns of WIDTHS) {
      const dump = dumpEscpos(
        new ReceiptWriter(columns).line('Total').line('धन्यवाद').line('நன்றி').cut().encode(),
      );
      expect(dump.printed.map((line) => line.text)).toEqual(['Total']);
      expect(dump.lines.filter((line) => line.startsWith('[image '))).toEqual([
        `[image ${columns === 48 ? 576 : 384}x32]`,
        `[image ${columns === 48 ? 576 : 384}x32]`,
      ]);
      for (const picture of dump.images) expect(picture.join('')).toContain('#');
    }
  });

  it('draws the same text the same way, joined letters narrower than their code points', () => {
    const picture = (text: string) =>
      dumpEscpos(new ReceiptWriter(48).line(text).cut().encode()).images[0]!;
    expect(picture('क्षत्रिय')).toEqual(picture('क्षत्रिय'));
    // क्ष is one conjunct: narrower than क and ष side by side with a visible virama.
    const width = (rows: string[]) => Math.max(...rows.map((row) => row.length));
    expect(width(picture('क्ष'))).toBeLessThan(width(picture('क ष')));
    // A figure at the line's right edge ends at the paper's edge, like a text row's value.
    const line = rasterLine(`पनीर${' '.repeat(38)}380.00`, { paperDots: 576, columns: 48 });
    const inkInColumns = (from: number, to: number) =>
      Array.from({ length: line.height }, (_, y) =>
        line.dots.subarray(y * line.width + from, y * line.width + to),
      ).some((dots) => dots.includes(1));
    expect(inkInColumns(576 - 12, 576)).toBe(true);
    expect(inkInColumns(200, 576 - 80)).toBe(false);
  });

  it('wraps between words and cuts only a word longer than the line', () => {
    expect(wrap('Paneer Butter Masala with extra cheese', 20, { hanging: '  ' })).toEqual([
      'Paneer Butter Masala',
      '  with extra cheese',
    ]);
    expect(wrap('Supercalifragilistic', 8)).toEqual(['Supercal', 'ifragili', 'stic']);
    expect(wrap('', 8)).toEqual([]);
  });
});
