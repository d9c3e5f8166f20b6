import { describe, expect, it } from 'vitest';
import { PAYLOAD_LIMIT, payloadsOf, type Notice } from './events';

describe('payloadsOf', () => {
  const notice = (i: number): Notice => ({
    branchId: '0190b5a4-7c2e-7000-8000-000000000000',
    event: {
      type: 'table.changed',
      tableId: `0190b5a4-7c2e-7000-8000-${String(i).padStart(12, '0')}`,
      at: '2026-11-22T10:00:00.000Z',
    },
  });

  it('packs notices into JSON arrays under the notify payload limit, every one once, in order', () => {
    const notices = Array.from({ length: 500 }, (_, i) => notice(i));
    const payloads = payloadsOf(notices);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThan(PAYLOAD_LIMIT);
    }
    expect(payloads.flatMap((payload) => JSON.parse(payload) as Notice[])).toEqual(notices);
  });

  it('sends one payload for a few notices and none for none', () => {
    expect(payloadsOf([notice(1), notice(2)]).map((p) => JSON.parse(p) as Notice[])).toEqual([
      [notice(1), notice(2)],
    ]);
    expect(payloadsOf([])).toEqual([]);
  });
});
