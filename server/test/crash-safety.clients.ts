// The devices of the crash-safety test (server/test/crash-safety.slow.test.ts): each drives the real
// server over HTTP as the web app does (taps with op ids, payments and stock submissions with
// idempotency keys, the same request again when no answer came) and keeps the model of what the
// database must hold once every request it sent has been answered.
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { billTotals, percentToBps } from '../../shared/money';
import type { Bill, PaymentBody } from '../../shared/schemas/billing.schemas';
import type {
  StockSubmissionBody,
  StockSubmissionResult,
} from '../../shared/schemas/inventory.schemas';
import {
  MAX_LINE_DELTA,
  type LineChange,
  type TableOrder,
} from '../../shared/schemas/tables.schemas';
import type { createRng } from '../demo/seed';

type Rng = ReturnType<typeof createRng>;

/** A request that got no answer in this long counts as unanswered (sent again later). */
const REQUEST_TIMEOUT_MS = 15_000;

export interface CrashMenu {
  /** The table every device adds to at once (increments only, so its total is exact). */
  sharedTableId: string;
  vendorId: string;
  ingredientIds: string[];
  products: {
    id: string;
    pricePaise: number;
    recipe: { ingredientId: string; quantityUsed: number }[];
  }[];
}

/** product id → quantity. */
export type Lines = Map<string, number>;

export interface ExpectedBill {
  tableId: string;
  /** product id → quantity, as billed. */
  lines: Lines;
  status: 'Settled' | 'Due';
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
  paidPaise: number;
}

export interface AcknowledgedBill extends ExpectedBill {
  id: string;
  number: string;
}

export interface AcknowledgedSubmission {
  submissionId: string;
  entries: StockSubmissionBody['entries'];
}

type Op =
  | { kind: 'tap'; tableId: string; body: LineChange }
  | { kind: 'pay'; body: PaymentBody; bill: ExpectedBill }
  | { kind: 'stock'; body: StockSubmissionBody };
type Kind = Op['kind'];

/** A request on its way: `repeat` when it was answered before (a device resending it). */
interface Sending {
  op: Op;
  repeat: boolean;
  /** Sent before without an answer (the server died, or the answer was lost). */
  unanswered: boolean;
}

const kinds = <T>(value: () => T): Record<Kind, T> => ({
  tap: value(),
  pay: value(),
  stock: value(),
});

/** What every device saw, and what the database must hold because of it. */
export class CrashWorld {
  /** Payments answered 2xx, by idempotency key. */
  readonly bills = new Map<string, AcknowledgedBill>();
  /** Stock submissions answered 2xx, by idempotency key. */
  readonly submissions = new Map<string, AcknowledgedSubmission>();
  /** Taps answered 2xx (their op ids). */
  readonly ops = new Set<string>();
  /** The shared table's lines and version: every answered tap on it, once. */
  readonly shared = { lines: new Map<string, number>() as Lines, version: 0 };
  /** Ingredient id → change of its quantity since the fixture: stock added minus recipes sold. */
  readonly stockChange = new Map<string, number>();
  readonly counts = {
    answered: kinds(() => 0),
    repeated: kinds(() => 0),
    /** Requests without an answer, sent again after the restart. */
    unanswered: kinds(() => 0),
    /** Of those, the ones the server had applied before it died (payment 200, stock replayed). */
    appliedBeforeKill: { pay: 0, stock: 0 },
  };

  constructor(readonly menu: CrashMenu) {}

  product(id: string) {
    return this.menu.products.find((product) => product.id === id)!;
  }

  changeStock(ingredientId: string, delta: number) {
    this.stockChange.set(ingredientId, (this.stockChange.get(ingredientId) ?? 0) + delta);
  }
}

interface Answer {
  status: number;
  body: unknown;
}

/** POST with the session cookie; null when no answer came (refused, reset, timed out). */
async function post(url: string, cookie: string, body: unknown): Promise<Answer | null> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch {
    return null;
  }
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Signs in through the API; answers the cookie header of the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('tf_session='));
  if (!cookie) throw new Error(`sign-in of ${email} set no session cookie`);
  return cookie;
}

const sortedLines = (lines: Lines) =>
  [...lines].sort(([a], [b]) => a.localeCompare(b)).map(([id, qty]) => `${id}×${qty}`);
const orderLinesOf = (order: TableOrder): Lines =>
  new Map(order.lines.map((line) => [line.productId, line.quantity]));
const billLinesOf = (bill: Bill): Lines =>
  new Map(bill.lines.map((line) => [line.productId!, line.quantity]));

export const sameLines = (a: Lines, b: Lines) =>
  JSON.stringify(sortedLines(a)) === JSON.stringify(sortedLines(b));
export const describeLines = (lines: Lines) => sortedLines(lines).join(', ') || 'none';

/**
 * One device (a phone or tablet at the counter) with a table of its own, so the model of that
 * table is exact: its requests go one at a time, and one that got no answer is sent again, the
 * same, before anything new.
 */
export class CrashDevice {
  /** The table's open order as the device's answered requests made it. */
  lines: Lines = new Map();
  version = 0;
  private sending: Sending | null = null;
  /** The last request answered (sent again now and then: an answer lost on the way). */
  private lastAnswered: Op | null = null;

  constructor(
    readonly name: string,
    private readonly cookie: string,
    readonly tableId: string,
    private readonly world: CrashWorld,
    private readonly rng: Rng,
  ) {}

  get waiting(): boolean {
    return this.sending !== null;
  }

  /**
   * Sends one request (the unanswered one again, or a new one) to `baseUrl`. Answers whether it
   * was answered; throws when the answer breaks the model.
   */
  async step(baseUrl: string): Promise<boolean> {
    this.sending ??= this.next();
    const { op } = this.sending;
    const path =
      op.kind === 'tap'
        ? `/api/tables/${op.tableId}/lines`
        : op.kind === 'pay'
          ? `/api/tables/${this.tableId}/payments`
          : '/api/stock/submissions';
    const answer = await post(`${baseUrl}${path}`, this.cookie, op.body);
    if (!answer) {
      if (!this.sending.unanswered) this.world.counts.unanswered[op.kind] += 1;
      this.sending.unanswered = true;
      return false;
    }
    this.answered(this.sending, answer);
    this.sending = null;
    return true;
  }

  private next(): Sending {
    const { rng } = this;
    if (this.lastAnswered && rng.chance(0.05)) {
      return { op: this.lastAnswered, repeat: true, unanswered: false };
    }
    const roll = rng.next();
    const op =
      this.lines.size > 0 && roll < 0.2
        ? this.payment()
        : roll > 0.88
          ? this.stockSubmission()
          : this.tap();
    return { op, repeat: false, unanswered: false };
  }

  private tap(): Op {
    const { rng } = this;
    const product = rng.pick(this.world.menu.products);
    if (rng.chance(0.15)) {
      const body = { opId: uuidv7(), productId: product.id, delta: rng.int(1, 3) };
      return { kind: 'tap', tableId: this.world.menu.sharedTableId, body };
    }
    const quantity = this.lines.get(product.id) ?? 0;
    // Down by one, or the whole line off (the trash icon); otherwise up by 1–3.
    const delta =
      quantity > 0 && rng.chance(0.3)
        ? -(rng.chance(0.3) ? Math.min(quantity, MAX_LINE_DELTA) : 1)
        : rng.int(1, 3);
    return {
      kind: 'tap',
      tableId: this.tableId,
      body: { opId: uuidv7(), productId: product.id, delta },
    };
  }

  private payment(): Op {
    const { rng } = this;
    const discountPercent = rng.pick([0, 0, 5, 12.5]);
    const billLines = [...this.lines].map(([productId, quantity]) => ({
      unitPricePaise: this.world.product(productId).pricePaise,
      quantity,
    }));
    const totals = billTotals(billLines, percentToBps(discountPercent));
    const total = totals.totalPaise;
    const method = () => rng.pick(['Cash', 'Card', 'UPI'] as const);
    const settled = total < 2 || rng.chance(0.8);
    let payments: PaymentBody['payments'];
    if (settled) {
      const first = rng.chance(0.3) ? rng.int(1, total - 1) : total;
      payments = [{ method: method(), amountPaise: first }];
      if (first < total) payments.push({ method: method(), amountPaise: total - first });
    } else {
      payments = rng.chance(0.5) ? [] : [{ method: 'Cash', amountPaise: rng.int(1, total - 1) }];
    }
    const paidPaise = payments.reduce((sum, row) => sum + row.amountPaise, 0);
    return {
      kind: 'pay',
      body: {
        idempotencyKey: randomUUID(),
        expectedVersion: this.version,
        discountPercent,
        status: settled ? 'Settled' : 'Due',
        ...(settled ? {} : { responsible: 'Crash Test Guest' }),
        payments,
      },
      bill: {
        tableId: this.tableId,
        lines: new Map(this.lines),
        status: settled ? 'Settled' : 'Due',
        ...totals,
        paidPaise,
      },
    };
  }

  private stockSubmission(): Op {
    const { rng } = this;
    const today = new Date().toISOString().slice(0, 10);
    const entries = Array.from({ length: rng.int(1, 3) }, () => ({
      vendorId: this.world.menu.vendorId,
      invoiceDate: today,
      invoiceNumber: `CR-${rng.int(1, 99999)}`,
      ingredientId: rng.pick(this.world.menu.ingredientIds),
      quantity: rng.int(1, 50) * 10,
      unit: 'g' as const,
      pricePaise: rng.int(100, 50_000),
    }));
    return { kind: 'stock', body: { idempotencyKey: randomUUID(), entries } };
  }

  private fail(sending: Sending, answer: Answer, why: string): never {
    throw new Error(
      `${this.name}: ${sending.repeat ? 'repeated ' : ''}${sending.op.kind} ${JSON.stringify(sending.op.body)} ` +
        `answered ${answer.status} ${JSON.stringify(answer.body)}: ${why}`,
    );
  }

  private answered(sending: Sending, answer: Answer) {
    const { op, repeat } = sending;
    const counts = this.world.counts;
    counts[repeat ? 'repeated' : 'answered'][op.kind] += 1;
    if (op.kind === 'tap') this.tapAnswered(sending, answer);
    else if (op.kind === 'pay') this.paymentAnswered(sending, answer);
    else this.stockAnswered(sending, answer);
    if (!repeat) this.lastAnswered = op;
  }

  private tapAnswered(sending: Sending, answer: Answer) {
    if (answer.status !== 200) this.fail(sending, answer, 'expected 200');
    const order = answer.body as TableOrder;
    const { body, tableId } = sending.op as Extract<Op, { kind: 'tap' }>;
    if (tableId !== this.tableId) {
      // The shared table: other devices' taps interleave, so only the final state is exact.
      if (!sending.repeat) this.sharedTapAnswered(body);
      return;
    }
    const lines = new Map(this.lines);
    let version = this.version;
    if (!sending.repeat) {
      const quantity = (lines.get(body.productId) ?? 0) + body.delta;
      if (quantity > 0) lines.set(body.productId, quantity);
      else lines.delete(body.productId);
      version += 1;
    }
    if (!sameLines(orderLinesOf(order), lines) || order.version !== version) {
      this.fail(
        sending,
        answer,
        `expected version ${version} with ${describeLines(lines)} (each tap applied exactly once)`,
      );
    }
    if (!sending.repeat) this.world.ops.add(body.opId);
    this.lines = lines;
    this.version = version;
  }

  private sharedTapAnswered(body: LineChange) {
    const { shared } = this.world;
    shared.lines.set(body.productId, (shared.lines.get(body.productId) ?? 0) + body.delta);
    shared.version += 1;
    this.world.ops.add(body.opId);
  }

  private paymentAnswered(sending: Sending, answer: Answer) {
    const { body, bill: expected } = sending.op as Extract<Op, { kind: 'pay' }>;
    const key = body.idempotencyKey;
    const known = this.world.bills.get(key);
    const bill = answer.body as Bill;
    if (sending.repeat) {
      if (answer.status !== 200 || bill.id !== known?.id) {
        this.fail(sending, answer, `expected 200 with the first bill ${known?.id}`);
      }
      return;
    }
    // A first answer is 201; 200 (the first bill) only when an earlier send went unanswered.
    if (answer.status !== 201 && !(answer.status === 200 && sending.unanswered)) {
      this.fail(sending, answer, 'expected 201 (200 only after an unanswered send)');
    }
    if (answer.status === 200) this.world.counts.appliedBeforeKill.pay += 1;
    // The branch's invoice prefix, the financial year without its century, six digits.
    const number = /^[A-Z0-9]{1,4}\/\d{4}\/\d{6}$/;
    if (
      !sameLines(billLinesOf(bill), expected.lines) ||
      bill.tableId !== this.tableId ||
      bill.status !== expected.status ||
      bill.subtotalPaise !== expected.subtotalPaise ||
      bill.discountPaise !== expected.discountPaise ||
      bill.totalPaise !== expected.totalPaise ||
      bill.paidPaise !== expected.paidPaise ||
      !number.test(bill.number)
    ) {
      this.fail(
        sending,
        answer,
        `expected ${JSON.stringify({ ...expected, lines: describeLines(expected.lines) })}`,
      );
    }
    this.world.bills.set(key, { ...expected, id: bill.id, number: bill.number });
    for (const [productId, quantity] of expected.lines) {
      for (const row of this.world.product(productId).recipe) {
        this.world.changeStock(row.ingredientId, -row.quantityUsed * quantity);
      }
    }
    this.lines = new Map();
    this.version += 1;
  }

  private stockAnswered(sending: Sending, answer: Answer) {
    const { body } = sending.op as Extract<Op, { kind: 'stock' }>;
    const result = answer.body as StockSubmissionResult;
    const known = this.world.submissions.get(body.idempotencyKey);
    if (sending.repeat) {
      if (!result.replayed || result.submissionId !== known?.submissionId) {
        this.fail(sending, answer, `expected the first result ${known?.submissionId}, replayed`);
      }
      return;
    }
    if (answer.status !== 200 && answer.status !== 201) this.fail(sending, answer, 'expected 2xx');
    if ((result.replayed && !sending.unanswered) || result.entryCount !== body.entries.length) {
      this.fail(sending, answer, 'expected a new submission of every entry');
    }
    if (result.replayed) this.world.counts.appliedBeforeKill.stock += 1;
    this.world.submissions.set(body.idempotencyKey, {
      submissionId: result.submissionId,
      entries: body.entries,
    });
    for (const entry of body.entries) this.world.changeStock(entry.ingredientId, entry.quantity);
  }
}
