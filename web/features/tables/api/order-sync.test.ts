// @vitest-environment node
// The tap outbox without a browser: IndexedDB is fake-indexeddb, `fetch` a small server that
// applies each op id once, the clock vitest's fake timers (IndexedDB's own scheduling,
// setImmediate, stays real), the frames a tap waits for (after-paint.ts) painted by `settle`.
// e2e/offline.spec.ts drives the same outbox in Chromium.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineKeyOf } from '../../../../shared/menu';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { ApiError } from '../../../lib/api';
import { notifyActionFailure, notifyFailure } from '../../../lib/form-feedback';
import type { LineProduct } from '../order-lines';
import { TABLE_TEXT } from '../table-text';
import { tableKeys } from './keys';
import {
  changeLine,
  changeLines,
  hasUnsentTaps,
  queuedOps,
  startTapOutbox,
  tableOrderSaved,
} from './order-sync';
import { OUTBOX_LIMIT, RETRY_DELAYS_MS, STALE_TAP_MS, outboxRoom } from './tap-outbox';
import { tapStore, type StoredTap } from './tap-store';

const tabs = vi.hoisted(() => ({ live: new Set<string>() }));
vi.mock('./tab-liveness', () => ({
  THIS_TAB: 'this-tab',
  keepTabAlive: () => undefined,
  isLiveTab: async (tabId: string) => tabId === 'this-tab' || tabs.live.has(tabId),
}));
/** The outbox's work waiting for a frame to be painted: `paint` runs it, `settle` too unless held. */
const frames = vi.hoisted(() => ({ held: false, waiting: [] as (() => void)[] }));
vi.mock('./after-paint', () => ({
  afterNextPaint: (task: () => void) => frames.waiting.push(task),
}));
const paint = () => frames.waiting.splice(0).forEach((task) => task());
vi.mock('../../../lib/form-feedback', () => ({
  notifyFailure: vi.fn(),
  notifyActionFailure: vi.fn(),
}));

const BRANCH = 'branch-1';
const T1 = 'table-1';
const T2 = 'table-2';
const tea: LineProduct = { productId: 'tea', name: 'Tea', unitPricePaise: 2_000 };
const dosa: LineProduct = { productId: 'dosa', name: 'Dosa', unitPricePaise: 9_000 };
const vada: LineProduct = { productId: 'vada', name: 'Vada', unitPricePaise: 4_000 };
const PRODUCTS = [tea, dosa, vada];
const cheese = { id: 'cheese', group: 'Extras', name: 'Cheese', pricePaise: 3_000 };
const egg = { id: 'egg', group: 'Extras', name: 'Egg', pricePaise: 2_000 };
const ADDONS = [cheese, egg];
/** Dosa (Large) with cheese and a note: a line with every kind of choice. */
const largeDosa = (note = '', addons = [cheese]): LineProduct => ({
  ...dosa,
  name: 'Dosa (Large)',
  variantId: 'large',
  variantName: 'Large',
  unitPricePaise: 12_000 + addons.reduce((sum, addon) => sum + addon.pricePaise, 0),
  addons,
  note,
});

/** One POST /api/tables/:id/lines as the server received it. */
interface Sent {
  tableId: string;
  opId: string;
  productId: string;
  delta: number;
  variantId: string | null;
  addonIds: string[];
  note: string;
}

const keyOfSent = (sent: Sent) => lineKeyOf(sent);

/** What the server does with a request: fail without an answer, refuse, answer later. */
type Behaviour =
  | 'network'
  | { status: number; code?: string; message?: string }
  | { after: Promise<Behaviour | undefined> };

/**
 * The server as the outbox meets it: each op id applied once (a repeat answers the order as it
 * is), every request recorded; `plan` says what to do instead of answering.
 */
function createServer() {
  const server = {
    sent: [] as Sent[],
    inFlight: 0,
    maxInFlight: 0,
    applied: new Set<string>(),
    /** Per table, each line's quantity and choices by its key (in the order first added). */
    quantities: new Map<string, Map<string, { sent: Sent; quantity: number }>>(),
    plan: (_sent: Sent): Behaviour | undefined => undefined,
    order(tableId: string): TableOrder {
      const quantities = server.quantities.get(tableId) ?? new Map();
      const lines = [...quantities]
        .filter(([, { quantity }]) => quantity > 0)
        .map(([key, { sent, quantity }]) => {
          const product = PRODUCTS.find((p) => p.productId === sent.productId)!;
          const addons = ADDONS.filter((addon) => sent.addonIds.includes(addon.id));
          const variantName = sent.variantId === null ? null : 'Large';
          const unitPricePaise =
            (variantName ? 12_000 : product.unitPricePaise) +
            addons.reduce((sum, addon) => sum + addon.pricePaise, 0);
          return {
            key,
            productId: sent.productId,
            name: variantName ? `${product.name} (${variantName})` : product.name,
            variantId: sent.variantId,
            variantName,
            addons,
            note: sent.note,
            unitPricePaise,
            quantity,
            lineTotalPaise: unitPricePaise * quantity,
          };
        });
      return {
        tableId,
        label: tableId,
        lines,
        totalPaise: lines.reduce((sum, line) => sum + line.lineTotalPaise, 0),
        version: server.applied.size,
        openedAt: null,
        guests: null,
      };
    },
    /** The quantity of a line (a plain product's by its id) on the server's order of a table. */
    quantity: (tableId: string, keyOrProductId: string) => {
      const key = keyOrProductId.includes('|') ? keyOrProductId : `${keyOrProductId}|||`;
      return server.quantities.get(tableId)?.get(key)?.quantity ?? 0;
    },
  };
  const behave = async (sent: Sent, behaviour: Behaviour | undefined): Promise<Response> => {
    if (behaviour === undefined) {
      if (!server.applied.has(sent.opId)) {
        server.applied.add(sent.opId);
        const quantities = server.quantities.get(sent.tableId) ?? new Map();
        const key = keyOfSent(sent);
        const quantity = (quantities.get(key)?.quantity ?? 0) + sent.delta;
        if (quantity > 0) quantities.set(key, { sent, quantity });
        else quantities.delete(key);
        server.quantities.set(sent.tableId, quantities);
      }
      return Response.json(server.order(sent.tableId));
    }
    if (behaviour === 'network') throw new TypeError('Failed to fetch');
    if ('after' in behaviour) return behave(sent, await behaviour.after);
    const { status, code = 'refused', message = 'Refused.' } = behaviour;
    return Response.json({ error: { code, message } }, { status });
  };
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const tableId = decodeURIComponent(/^\/api\/tables\/([^/]+)\/lines$/.exec(url)![1]!);
    const body = JSON.parse(init.body as string) as Omit<Sent, 'tableId'>;
    const sent = { tableId, ...body };
    server.sent.push(sent);
    server.inFlight += 1;
    server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
    try {
      return await behave(sent, server.plan(sent));
    } finally {
      server.inFlight -= 1;
    }
  });
  return Object.assign(server, { fetch });
}

function deferred<T = undefined>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Paints frames, lets IndexedDB (setImmediate) and promise chains run; the fake clock stays. */
async function settle(rounds = 30) {
  for (let i = 0; i < rounds; i += 1) {
    if (!frames.held) paint();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Settles until `condition` holds (the clock stays still), `tries` times at most. */
async function until(condition: () => boolean, what: string, tries = 100) {
  for (let i = 0; i < tries; i += 1) {
    if (condition()) {
      // What the outbox does right after (a wait set for the next try) is done too.
      await settle();
      return;
    }
    await settle(5);
  }
  throw new Error(`never happened: ${what}`);
}

/** Moves the fake clock by `ms` and lets what it woke run. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

async function storedTaps(): Promise<StoredTap[]> {
  return (await tapStore.ofBranch(BRANCH)) ?? [];
}

const orderOnScreen = (tableId: string) =>
  queryClient.getQueryData<TableOrder>(tableKeys.order(tableId));

/** The quantity of a line (a plain product's by its id) on the device's screen. */
const quantityOnScreen = (tableId: string, keyOrProductId: string) => {
  const key = keyOrProductId.includes('|') ? keyOrProductId : `${keyOrProductId}|||`;
  return orderOnScreen(tableId)?.lines.find((line) => line.key === key)?.quantity ?? 0;
};

/** A tap left on the device (by another tab, or before a sign-out). */
function leftTap(fields: Partial<StoredTap> & { opId: string }): StoredTap {
  return {
    product: tea,
    delta: 1,
    branchId: BRANCH,
    tableId: T1,
    tabId: 'gone-tab',
    madeAt: Date.now(),
    sent: true,
    ...fields,
  };
}

let server: ReturnType<typeof createServer>;
let queryClient: QueryClient;
let stop: (() => void) | undefined;

/** Starts the outbox for BRANCH, with an empty order of both tables on screen. */
function start() {
  stop = startTapOutbox(queryClient, BRANCH);
}

beforeEach(async () => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-11-22T06:30:00Z'),
  });
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  frames.held = false;
  frames.waiting.length = 0;
  server = createServer();
  vi.stubGlobal('fetch', server.fetch);
  queryClient = new QueryClient();
  for (const tableId of [T1, T2]) {
    queryClient.setQueryData(tableKeys.order(tableId), createServer().order(tableId));
  }
  tabs.live.clear();
  vi.mocked(notifyFailure).mockClear();
  vi.mocked(notifyActionFailure).mockClear();
});

afterEach(async () => {
  stop?.();
  stop = undefined;
  await settle();
  for (const tap of await storedTaps()) await tapStore.remove(tap.opId);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a tap and its frame', () => {
  it('is shown and queued in its event, then kept on the device and sent once its frame is painted', async () => {
    frames.held = true;
    start();
    changeLine(T1, tea, 1);
    expect(quantityOnScreen(T1, 'tea')).toBe(1);
    const [tap] = queuedOps(T1);
    expect(tap).toMatchObject({ product: tea, delta: 1 });
    expect(hasUnsentTaps()).toBe(true);
    await settle();
    expect(server.sent).toHaveLength(0);
    expect(await storedTaps()).toEqual([]);

    paint();
    expect(await storedTaps()).toMatchObject([{ opId: tap!.opId, tableId: T1, product: tea }]);
    await until(() => queuedOps(T1).length === 0, 'its answer');
    expect(server.sent.map((sent) => sent.opId)).toEqual([tap!.opId]);
    expect(await storedTaps()).toEqual([]);
    expect(hasUnsentTaps()).toBe(false);
  });

  it.each(['visibilitychange', 'pagehide'])(
    'is kept on the device and sent at once when the page is hidden or closed (%s)',
    async (event) => {
      frames.held = true;
      start();
      changeLine(T1, tea, 1);
      changeLine(T1, dosa, 1);
      if (event === 'pagehide') window.dispatchEvent(new Event('pagehide'));
      else {
        Object.assign(document, { visibilityState: 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      }
      const kept = await storedTaps();
      expect(kept.map((tap) => tap.product.productId)).toEqual(['tea', 'dosa']);
      await until(() => queuedOps(T1).length === 0, 'both answered');
      expect(server.sent.map((sent) => sent.opId)).toEqual(kept.map((tap) => tap.opId));
      expect(server.quantity(T1, 'tea')).toBe(1);
      expect(server.quantity(T1, 'dosa')).toBe(1);
    },
  );

  it('is kept on the device by a sign-out before its frame, and sent at the next sign-in', async () => {
    frames.held = true;
    start();
    changeLine(T1, tea, 1);
    stop!();
    const kept = await storedTaps();
    expect(kept).toMatchObject([{ tableId: T1, product: tea, delta: 1 }]);
    expect(server.sent).toHaveLength(0);

    frames.held = false;
    start();
    await until(() => server.sent.length === 1, 'the kept tap sent');
    expect(server.sent[0]!.opId).toBe(kept[0]!.opId);
    expect(server.quantity(T1, 'tea')).toBe(1);
  });
});

describe('a tap without an answer', () => {
  it('is sent again with the same op id, after growing waits, until the server answers it, and applies once', async () => {
    let failures = 0;
    server.plan = () => (failures++ < 4 ? (failures % 2 ? 'network' : { status: 503 }) : undefined);
    start();
    changeLine(T1, tea, 1);
    expect(quantityOnScreen(T1, 'tea')).toBe(1);
    await until(() => server.sent.length === 1, 'the first send');

    // Each new try waits its delay, and not less.
    for (const [attempt, delay] of RETRY_DELAYS_MS.slice(0, 4).entries()) {
      await advance(delay - 1);
      expect(server.sent).toHaveLength(attempt + 1);
      await advance(1);
      await until(() => server.sent.length === attempt + 2, `try ${attempt + 2}`);
    }
    await until(() => queuedOps(T1).length === 0, 'the answer');

    const opIds = new Set(server.sent.map((sent) => sent.opId));
    expect(server.sent).toHaveLength(5);
    expect(opIds.size).toBe(1);
    expect(server.sent.every((sent) => sent.productId === 'tea' && sent.delta === 1)).toBe(true);
    expect(server.quantity(T1, 'tea')).toBe(1);
    expect(quantityOnScreen(T1, 'tea')).toBe(1);
    expect(await storedTaps()).toEqual([]);
    expect(notifyActionFailure).not.toHaveBeenCalled();
  });

  it('stays on the device, marked as sent, while it waits for its next try', async () => {
    server.plan = () => 'network';
    start();
    changeLine(T1, tea, 1);
    await until(() => server.sent.length === 1, 'the first send');
    await settle();
    const [stored] = await storedTaps();
    expect(stored).toMatchObject({ opId: server.sent[0]!.opId, tableId: T1, sent: true });
    expect(queuedOps(T1)).toHaveLength(1);
  });
});

describe('the order of sending', () => {
  it("keeps a table's taps in the order they were made, one request at a time", async () => {
    const gate = deferred();
    server.plan = (sent) => (sent.productId === 'tea' ? { after: gate.promise } : undefined);
    start();
    changeLine(T1, tea, 1);
    await until(() => server.sent.length === 1, 'the first send');
    changeLine(T1, dosa, 1);
    changeLine(T1, vada, 2);
    changeLine(T1, dosa, 1);
    await settle();
    // Nothing else leaves while the first is unanswered.
    expect(server.sent).toHaveLength(1);
    gate.resolve(undefined);
    await until(() => queuedOps(T1).length === 0, 'every answer');

    expect(server.sent.map((sent) => [sent.productId, sent.delta])).toEqual([
      ['tea', 1],
      ['dosa', 1],
      ['vada', 2],
      ['dosa', 1],
    ]);
    expect(server.maxInFlight).toBe(1);
    expect(orderOnScreen(T1)).toEqual(server.order(T1));
  });

  it('merges quick taps on one product only before their first send', async () => {
    let failures = 0;
    const gate = deferred();
    server.plan = () =>
      failures++ === 0 ? { after: gate.promise.then(() => 'network' as const) } : undefined;
    start();
    changeLine(T1, tea, 1);
    await until(() => server.sent.length === 1, 'the first send');
    // Two more taps while the first is on its way: they merge with each other, never with it.
    changeLine(T1, tea, 1);
    changeLine(T1, tea, 1);
    expect(quantityOnScreen(T1, 'tea')).toBe(3);
    gate.resolve(undefined);
    await settle();
    await advance(RETRY_DELAYS_MS[0]!);
    await until(() => queuedOps(T1).length === 0, 'every answer');

    const [first, retry, merged] = server.sent;
    expect(server.sent).toHaveLength(3);
    expect(retry).toEqual(first);
    expect(first!.delta).toBe(1);
    expect(merged).toMatchObject({ productId: 'tea', delta: 2 });
    expect(merged!.opId).not.toBe(first!.opId);
    expect(server.quantity(T1, 'tea')).toBe(3);
    expect(quantityOnScreen(T1, 'tea')).toBe(3);
  });

  it('sends taps that cancel out (+1 then −1 before a send) not at all', async () => {
    const gate = deferred();
    server.plan = (sent) => (sent.productId === 'dosa' ? { after: gate.promise } : undefined);
    start();
    changeLine(T1, dosa, 1);
    await until(() => server.sent.length === 1, 'the first send');
    changeLine(T1, tea, 1);
    changeLine(T1, tea, -1);
    gate.resolve(undefined);
    await until(() => queuedOps(T1).length === 0, 'every answer');
    expect(server.sent.map((sent) => sent.productId)).toEqual(['dosa']);
    expect(await storedTaps()).toEqual([]);
  });
});

describe('a refusal', () => {
  it.each([404, 409])(
    'drops only the refused tap (%i), says why and reloads the order; the next tap is sent',
    async (status) => {
      server.plan = (sent) =>
        sent.productId === 'tea'
          ? { status, code: 'tables.refused', message: 'Tea is no longer on sale.' }
          : undefined;
      const reload = vi.spyOn(queryClient, 'invalidateQueries');
      start();
      changeLine(T1, tea, 1);
      changeLine(T1, dosa, 1);
      await until(() => queuedOps(T1).length === 0, 'both handled');

      expect(server.sent.map((sent) => sent.productId)).toEqual(['tea', 'dosa']);
      expect(notifyActionFailure).toHaveBeenCalledTimes(1);
      const [error, title] = vi.mocked(notifyActionFailure).mock.calls[0]!;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, message: 'Tea is no longer on sale.' });
      expect(title).toBe(TABLE_TEXT.lineNotSaved);
      expect(reload).toHaveBeenCalledWith({ queryKey: tableKeys.order(T1) });
      expect(server.quantity(T1, 'dosa')).toBe(1);
      expect(await storedTaps()).toEqual([]);
      // Not sent again later.
      await advance(60_000);
      expect(server.sent).toHaveLength(2);
    },
  );
});

describe('a session that ended', () => {
  it.each([401, 403])(
    'stops sending at a %i and keeps the taps on the device, for the next sign-in to send with their op ids',
    async (status) => {
      let refused = true;
      server.plan = () => (refused ? { status } : undefined);
      start();
      changeLine(T1, tea, 1);
      changeLine(T1, dosa, 1);
      await until(() => server.sent.length === 1, 'the first send');
      await advance(60_000);
      expect(server.sent).toHaveLength(1);
      expect(notifyActionFailure).not.toHaveBeenCalled();
      const kept = await storedTaps();
      expect(kept.map((tap) => [tap.product.productId, tap.delta])).toEqual([
        ['tea', 1],
        ['dosa', 1],
      ]);
      expect(kept[0]!.opId).toBe(server.sent[0]!.opId);

      // Signed in again: the taps are taken over at start and sent as they were.
      stop!();
      refused = false;
      start();
      await until(() => server.sent.length === 3, 'the kept taps sent');
      await until(() => queuedOps(T1).length === 0, 'their answers');
      expect(server.sent.slice(1).map((sent) => sent.opId)).toEqual(kept.map((tap) => tap.opId));
      expect(server.quantity(T1, 'tea')).toBe(1);
      expect(server.quantity(T1, 'dosa')).toBe(1);
      expect(await storedTaps()).toEqual([]);
    },
  );
});

describe('taps left on the device', () => {
  it("are taken over at start, in the order they were made and never merged; a live tab's are left to it until it is gone", async () => {
    await tapStore.put(leftTap({ opId: '0190-0002', product: tea, tableId: T1 }));
    await tapStore.put(leftTap({ opId: '0190-0001', product: tea, tableId: T1 }));
    await tapStore.put(leftTap({ opId: '0190-0003', product: dosa, tableId: T2 }));
    await tapStore.put(leftTap({ opId: '0190-0004', product: vada, tabId: 'live-tab' }));
    await tapStore.put(leftTap({ opId: '0190-0005', branchId: 'another-branch' }));
    tabs.live.add('live-tab');
    start();
    await until(() => server.sent.length === 3, 'the gone tab’s taps sent');
    await until(() => queuedOps(T1).length + queuedOps(T2).length === 0, 'their answers');

    expect(server.sent.filter((sent) => sent.tableId === T1).map((sent) => sent.opId)).toEqual([
      '0190-0001',
      '0190-0002',
    ]);
    expect(server.sent.find((sent) => sent.tableId === T2)?.opId).toBe('0190-0003');
    expect(server.sent.every((sent) => sent.delta === 1)).toBe(true);
    expect(server.quantity(T1, 'tea')).toBe(2);
    expect((await storedTaps()).map((tap) => tap.opId)).toEqual(['0190-0004']);

    // The live tab closes: an open outbox takes its taps over within its next look.
    tabs.live.delete('live-tab');
    await advance(15_000);
    await until(() => server.sent.length === 4, 'the closed tab’s tap sent');
    expect(server.sent[3]).toMatchObject({ opId: '0190-0004', productId: 'vada' });
    expect(server.sent.some((sent) => sent.opId === '0190-0005')).toBe(false);
  });

  it('older than the cutoff are dropped with a message instead of sent', async () => {
    await tapStore.put(leftTap({ opId: '0190-0001', madeAt: Date.now() - STALE_TAP_MS - 1 }));
    await tapStore.put(leftTap({ opId: '0190-0002', madeAt: Date.now() - STALE_TAP_MS + 60_000 }));
    start();
    await until(() => server.sent.length === 1, 'the fresh tap sent');
    await until(() => queuedOps(T1).length === 0, 'its answer');
    await advance(30_000);

    expect(server.sent.map((sent) => sent.opId)).toEqual(['0190-0002']);
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    expect(notifyFailure).toHaveBeenCalledWith(TABLE_TEXT.staleTapsDropped(1));
    expect(await storedTaps()).toEqual([]);
  });

  it('are refused with the reason beyond the most a device keeps unsent, and taken once sent', async () => {
    server.plan = () => 'network';
    start();
    // The device one change short of its limit, on two tables (tea and dosa in turn: taps on
    // one line would merge into one change before they are sent).
    const taps = Array.from({ length: OUTBOX_LIMIT - 2 }, (_, i) => ({
      product: i % 2 === 0 ? tea : dosa,
      delta: 1,
    }));
    changeLines(T1, taps);
    changeLine(T2, dosa, 1);
    await settle();
    const unsent = () =>
      new Map([
        [T1, queuedOps(T1)],
        [T2, queuedOps(T2)],
      ]);
    expect(outboxRoom({ offline: true, unsent: unsent() })).toEqual({
      count: OUTBOX_LIMIT - 1,
      left: 1,
      warn: true,
    });

    changeLine(T2, dosa, 1);
    changeLine(T1, vada, 1);
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    expect(notifyFailure).toHaveBeenCalledWith(
      TABLE_TEXT.lineNotSaved,
      TABLE_TEXT.outboxFull(OUTBOX_LIMIT),
    );
    expect(quantityOnScreen(T1, 'vada')).toBe(0);
    expect(quantityOnScreen(T2, 'dosa')).toBe(2);
    expect(queuedOps(T1).length + queuedOps(T2).length).toBe(OUTBOX_LIMIT);

    // The server back: as what was kept is sent, taps are taken again.
    server.plan = () => undefined;
    await advance(RETRY_DELAYS_MS.at(-1)!);
    // (Its first send waits for the device's writes of the 1,998 taps before it.)
    await until(() => queuedOps(T2).length === 0, 'the second table sent', 5_000);
    changeLine(T1, vada, 1);
    expect(quantityOnScreen(T1, 'vada')).toBe(1);
    expect(notifyFailure).toHaveBeenCalledTimes(1);
    expect(server.quantity(T2, 'dosa')).toBe(2);
  });
});

describe('tableOrderSaved', () => {
  it("resolves once the table's own taps are answered, not before (another table's answers do not count)", async () => {
    const gate = deferred<Behaviour | undefined>();
    let sendsOfTable1 = 0;
    server.plan = (sent) =>
      sent.tableId === T1 && sendsOfTable1++ === 0 ? { after: gate.promise } : undefined;
    await expect(tableOrderSaved(T1)).resolves.toBeUndefined();
    start();
    changeLine(T1, tea, 1);
    changeLine(T2, dosa, 1);
    let saved = false;
    void tableOrderSaved(T1).then(() => (saved = true));
    await until(() => queuedOps(T2).length === 0, 'table 2 answered');
    expect(saved).toBe(false);

    // No answer: still not saved while it is sent again.
    gate.resolve('network');
    await settle();
    expect(saved).toBe(false);
    await advance(RETRY_DELAYS_MS[0]!);
    await until(() => saved, 'table 1 saved');
    expect(server.quantity(T1, 'tea')).toBe(1);
    expect(server.sent.filter((sent) => sent.tableId === T1)).toHaveLength(2);
  });
});

describe('lines with choices', () => {
  it('sends each tap with its choices; quick taps merge per line, different choices stay apart', async () => {
    const gate = deferred();
    server.plan = (sent) => (sent.productId === 'tea' ? { after: gate.promise } : undefined);
    start();
    changeLine(T1, tea, 1);
    await until(() => server.sent.length === 1, 'the first send');
    changeLine(T1, largeDosa('no onion'), 1);
    changeLine(T1, largeDosa(' no   onion '), 1);
    changeLine(T1, largeDosa('', [egg, cheese]), 1);
    changeLine(T1, dosa, 1);
    const noOnion = lineKeyOf({
      productId: 'dosa',
      variantId: 'large',
      addonIds: ['cheese'],
      note: 'no onion',
    });
    expect(quantityOnScreen(T1, noOnion)).toBe(2);
    expect(orderOnScreen(T1)!.lines).toHaveLength(4);
    gate.resolve(undefined);
    await until(() => queuedOps(T1).length === 0, 'every answer');

    expect(server.sent.slice(1).map(({ opId: _, tableId: __, ...body }) => body)).toEqual([
      {
        productId: 'dosa',
        delta: 2,
        variantId: 'large',
        addonIds: ['cheese'],
        note: 'no onion',
      },
      { productId: 'dosa', delta: 1, variantId: 'large', addonIds: ['egg', 'cheese'], note: '' },
      { productId: 'dosa', delta: 1, variantId: null, addonIds: [], note: '' },
    ]);
    expect(orderOnScreen(T1)).toEqual(server.order(T1));
    expect(orderOnScreen(T1)!.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Tea', 1],
      ['Dosa (Large)', 2],
      ['Dosa (Large)', 1],
      ['Dosa', 1],
    ]);
  });

  it('takes off a line by its choices: − on a line with a note leaves the plain line alone', async () => {
    start();
    changeLine(T1, largeDosa('less spicy'), 2);
    changeLine(T1, dosa, 1);
    await until(() => queuedOps(T1).length === 0, 'the adds');
    changeLine(T1, largeDosa('less spicy'), -1);
    await until(() => queuedOps(T1).length === 0, 'the take-off');
    expect(
      server.quantity(
        T1,
        lineKeyOf({
          productId: 'dosa',
          variantId: 'large',
          addonIds: ['cheese'],
          note: 'less spicy',
        }),
      ),
    ).toBe(1);
    expect(server.quantity(T1, 'dosa')).toBe(1);
    expect(orderOnScreen(T1)).toEqual(server.order(T1));
  });

  it('sends a tap kept on the device by a version without choices as a plain one', async () => {
    const before = {
      opId: '0190-0001',
      product: { productId: 'tea', name: 'Tea', unitPricePaise: 2_000 },
    };
    await tapStore.put(leftTap(before));
    start();
    await until(() => queuedOps(T1).length === 0 && server.sent.length === 1, 'the kept tap sent');
    expect(server.sent[0]).toEqual({
      tableId: T1,
      opId: '0190-0001',
      productId: 'tea',
      delta: 1,
      variantId: null,
      addonIds: [],
      note: '',
    });
    expect(server.quantity(T1, 'tea')).toBe(1);
  });

  it('moves a line to another note in one go: +q on the new line, then −q on the old', async () => {
    start();
    changeLine(T1, largeDosa(), 3);
    await until(() => queuedOps(T1).length === 0, 'the add');
    changeLines(T1, [
      { product: largeDosa('Jain'), delta: 3 },
      { product: largeDosa(), delta: -3 },
    ]);
    // Shown at once as the one line with its new note.
    expect(orderOnScreen(T1)!.lines.map((line) => [line.note, line.quantity])).toEqual([
      ['Jain', 3],
    ]);
    await until(() => queuedOps(T1).length === 0, 'the move');
    expect(server.sent.slice(1).map((sent) => [sent.note, sent.delta])).toEqual([
      ['Jain', 3],
      ['', -3],
    ]);
    expect(server.order(T1).lines.map((line) => [line.note, line.quantity])).toEqual([['Jain', 3]]);
    expect(orderOnScreen(T1)).toEqual(server.order(T1));
  });

  it('keeps the line as it was when the server refuses the move (sold out meanwhile): the −q is not sent', async () => {
    server.plan = (sent) =>
      sent.note === 'Jain'
        ? { status: 409, code: 'tables.sold_out', message: 'Dosa is sold out.' }
        : undefined;
    const reload = vi.spyOn(queryClient, 'invalidateQueries');
    start();
    changeLine(T1, largeDosa(), 2);
    await until(() => queuedOps(T1).length === 0, 'the add');
    changeLines(T1, [
      { product: largeDosa('Jain'), delta: 2 },
      { product: largeDosa(), delta: -2 },
    ]);
    changeLine(T1, tea, 1);
    await until(() => queuedOps(T1).length === 0, 'the refusal and the next tap');

    expect(server.sent.slice(1).map((sent) => [sent.productId, sent.note, sent.delta])).toEqual([
      ['dosa', 'Jain', 2],
      ['tea', '', 1],
    ]);
    expect(notifyActionFailure).toHaveBeenCalledTimes(1);
    expect(vi.mocked(notifyActionFailure).mock.calls[0]![0]).toMatchObject({
      message: 'Dosa is sold out.',
    });
    // The menu is read again (it greys the item out) and so is the order.
    expect(reload).toHaveBeenCalledWith({ queryKey: tableKeys.menu });
    expect(reload).toHaveBeenCalledWith({ queryKey: tableKeys.order(T1) });
    expect(server.order(T1).lines.map((line) => [line.name, line.note, line.quantity])).toEqual([
      ['Dosa (Large)', '', 2],
      ['Tea', '', 1],
    ]);
    expect(await storedTaps()).toEqual([]);
  });
});
