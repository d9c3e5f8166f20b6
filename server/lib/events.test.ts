import { describe, expect, it } from 'vitest';
import {
  PAYLOAD_LIMIT,
  batchNotice,
  payloadsOf,
  type BranchEventInput,
  type Notice,
} from './events';

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

describe('batchNotice', () => {
  const BRANCH = '0190b5a4-7c2e-7000-8000-000000000001';
  const OTHER = '0190b5a4-7c2e-7000-8000-000000000002';
  const batch = (events: [string, BranchEventInput][]) => {
    const notices = new Map<string, Notice>();
    for (const [branchId, event] of events) batchNotice(notices, branchId, event);
    return [...notices.values()].map(({ branchId, event }) => {
      const { at: _at, ...rest } = event;
      return [branchId, rest];
    });
  };
  const tap = (tableId: string, version?: number): BranchEventInput =>
    version === undefined
      ? { type: 'table.changed', tableId }
      : { type: 'table.changed', tableId, version };

  it("keeps a table's taps once, with the highest version, in the order they first came", () => {
    expect(
      batch([
        [BRANCH, tap('t1', 3)],
        [BRANCH, tap('t2', 9)],
        [BRANCH, tap('t1', 5)],
      ]),
    ).toEqual([
      [BRANCH, tap('t1', 5)],
      [BRANCH, tap('t2', 9)],
    ]);
    expect(
      batch([
        [BRANCH, tap('t1', 5)],
        [BRANCH, tap('t1', 3)],
      ]),
    ).toEqual([[BRANCH, tap('t1', 5)]]);
  });

  it('says no version when one of them had none (every device reads the order)', () => {
    expect(
      batch([
        [BRANCH, tap('t1', 3)],
        [BRANCH, tap('t1')],
      ]),
    ).toEqual([[BRANCH, tap('t1')]]);
    expect(
      batch([
        [BRANCH, tap('t1')],
        [BRANCH, tap('t1', 7)],
      ]),
    ).toEqual([[BRANCH, tap('t1')]]);
  });

  it('keeps branches apart, and other events once each as before', () => {
    expect(
      batch([
        [BRANCH, tap('t1', 3)],
        [OTHER, tap('t1', 4)],
        [BRANCH, { type: 'menu.changed' }],
        [BRANCH, { type: 'menu.changed' }],
      ]),
    ).toEqual([
      [BRANCH, tap('t1', 3)],
      [OTHER, tap('t1', 4)],
      [BRANCH, { type: 'menu.changed' }],
    ]);
  });
});
