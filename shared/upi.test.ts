import jsQR from 'jsqr';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  amountDuePaise,
  billUpiUri,
  isValidVpa,
  MAX_UPI_NOTE,
  parseUpiPayUri,
  upiPayUri,
} from './upi';

const VPA = 'demo.cafe@okhdfcbank';
const dueBill = { number: 'DC/2026-27/000042', status: 'Due', totalPaise: 53_000, paidPaise: 0 };

describe('upiPayUri (NPCI UPI Linking Specifications 1.6)', () => {
  it('writes the pay link of a known bill, word for word', () => {
    expect(
      upiPayUri({
        vpa: VPA,
        payeeName: 'Demo Café & Bar',
        amountPaise: 53_000,
        billNumber: 'DC/2026-27/000042',
      }),
    ).toBe(
      'upi://pay?pa=demo.cafe%40okhdfcbank&pn=Demo%20Caf%C3%A9%20%26%20Bar&am=530.00&cu=INR' +
        '&tn=DC%2F2026-27%2F000042&tr=DC%2F2026-27%2F000042',
    );
  });

  it('reads back what it wrote: payee, name, amount with two decimals, INR, note and reference', () => {
    const uri = upiPayUri({ vpa: VPA, payeeName: ' Demo Cafe ', amountPaise: 5, billNumber: 'T4' });
    expect(parseUpiPayUri(uri)).toEqual({
      pa: VPA,
      pn: 'Demo Cafe',
      am: '0.05',
      cu: 'INR',
      tn: 'T4',
      tr: 'T4',
    });
  });

  it('cuts a long note to what the apps show, and keeps the whole reference', () => {
    const billNumber = 'X'.repeat(MAX_UPI_NOTE + 10);
    const params = parseUpiPayUri(
      upiPayUri({ vpa: VPA, payeeName: 'Cafe', amountPaise: 100, billNumber }),
    );
    expect(params.tn).toHaveLength(MAX_UPI_NOTE);
    expect(params.tr).toBe(billNumber);
  });

  it('refuses a malformed VPA, a zero, negative or fractional amount', () => {
    const ok = { vpa: VPA, payeeName: 'Cafe', amountPaise: 100, billNumber: '1' };
    expect(() => upiPayUri({ ...ok, vpa: 'democafe' })).toThrow(RangeError);
    expect(() => upiPayUri({ ...ok, amountPaise: 0 })).toThrow(RangeError);
    expect(() => upiPayUri({ ...ok, amountPaise: -100 })).toThrow(RangeError);
    expect(() => upiPayUri({ ...ok, amountPaise: 10.5 })).toThrow(RangeError);
  });
});

describe('isValidVpa', () => {
  it.each(['democafe@okhdfcbank', 'demo.cafe-1_a@ybl', '9876543210@paytm', 'ab@sbi'])(
    'takes %s',
    (vpa) => expect(isValidVpa(vpa)).toBe(true),
  );
  it.each([
    '',
    'democafe',
    '@okhdfcbank',
    'a@okhdfcbank',
    'demo cafe@okhdfcbank',
    'demo@ok.hdfc',
    'demo@@okhdfc',
    'demo@b',
    `${'a'.repeat(250)}@okhdfcbank`,
    'demo@okhdfc?am=1',
  ])('refuses %j', (vpa) => expect(isValidVpa(vpa)).toBe(false));
});

describe('amountDuePaise and billUpiUri', () => {
  it('is the unpaid part of a part-paid Due bill, and its QR asks for exactly that', () => {
    const partPaid = { ...dueBill, paidPaise: 20_000 };
    expect(amountDuePaise(partPaid)).toBe(33_000);
    const uri = billUpiUri(partPaid, VPA, 'Demo Cafe');
    expect(uri).not.toBeNull();
    expect(parseUpiPayUri(uri!)).toMatchObject({ am: '330.00', tr: dueBill.number });
  });

  it('is nothing without the branch’s UPI id', () => {
    expect(billUpiUri(dueBill, null, 'Demo Cafe')).toBeNull();
    expect(billUpiUri(dueBill, '', 'Demo Cafe')).toBeNull();
  });

  it('is nothing on a settled or cancelled bill, or a Due bill paid in full', () => {
    expect(billUpiUri({ ...dueBill, status: 'Settled' }, VPA, 'Demo Cafe')).toBeNull();
    expect(billUpiUri({ ...dueBill, status: 'Cancelled' }, VPA, 'Demo Cafe')).toBeNull();
    expect(billUpiUri({ ...dueBill, paidPaise: 53_000 }, VPA, 'Demo Cafe')).toBeNull();
    expect(amountDuePaise({ ...dueBill, paidPaise: 60_000 })).toBe(0);
  });
});

/** The QR of `text` as RGBA pixels: `scale` px a module, a 4-module white quiet zone. */
function qrPixels(text: string, scale = 4) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const at = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4;
          pixels.fill(0, at, at + 3);
        }
      }
    }
  }
  return { pixels, side };
}

describe('the bill’s QR', () => {
  it('scans back to the pay link of the amount due', () => {
    const uri = billUpiUri({ ...dueBill, paidPaise: 12_345 }, VPA, 'Demo Café & Bar')!;
    const { pixels, side } = qrPixels(uri);
    const scanned = jsQR(pixels, side, side);
    expect(scanned?.data).toBe(uri);
    const params = parseUpiPayUri(scanned!.data);
    expect(params).toMatchObject({ pa: VPA, pn: 'Demo Café & Bar', am: '406.55', cu: 'INR' });
    expect(params.tr).toBe(dueBill.number);
  });
});
