// The devices and kitchen displays of the 'capacity' scenario (bench/capacity.scenario.ts), in
// worker processes of their own (forked by `startCapacityWorker`), so the load generator is
// spread over processes and is not the bottleneck of what it measures. Each worker runs whole
// branches (their devices and their display), so a KOT's send and its arrival on the display
// are timed on one clock. The parent adds branches, then asks for each step's measurements.
import { fork } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { v7 as uuidv7 } from 'uuid';
import { keepAliveClient } from './support';

/** One branch as a worker runs it: its devices' sessions and tables, its display's session. */
export interface BranchPlan {
  displayUrl: string;
  displayCookie: string;
  devices: { url: string; cookie: string; tableIds: string[] }[];
  productIds: string[];
}

/** What a worker measured in one step (latencies in ms, of requests started in the step). */
export interface StepData {
  taps: number[];
  kots: number[];
  payments: number[];
  bumps: number[];
  /** From a send's request to the display's live event that holds its ticket. */
  toDisplay: number[];
  errors: number;
  firstError?: string;
  /** KOTs sent in the step that no display had shown by the report's end. */
  unseen: number;
  /** The displays' reads of GET /api/kitchen/tickets: every 30 s, and after a ticketless event. */
  periodicReads: number;
  eventReads: number;
  /** Live events received: by the devices' streams, and kitchen.changed with tickets. */
  events: number;
  ticketEvents: number;
}

type ToWorker = { kind: 'add'; branches: BranchPlan[] } | { kind: 'measure' } | { kind: 'report' };
type FromWorker =
  { kind: 'added' } | { kind: 'report'; data: StepData } | { kind: 'failed'; message: string };

/** A device acts every 3 to 8 s (start to start; at once after a slow answer). */
const ACT_MIN_MS = 3_000;
const ACT_SPREAD_MS = 5_000;
/** A ticket is cooked and bumped 20 to 60 s after it reached the display. */
const COOK_MIN_MS = 20_000;
const COOK_SPREAD_MS = 40_000;
/** The display reads its tickets every 30 s anyway (web/features/kitchen/api/get-tickets.ts). */
const DISPLAY_READ_MS = 30_000;
/** How long a report waits for requests and KOTs of its step still under way. */
const REPORT_WAIT_MS = 15_000;
const METHODS = ['Cash', 'Card', 'UPI'] as const;
/** Branches opening their streams, or devices bringing their tables to where the evening
 *  starts, at once (per worker). */
const SETTING_UP = 16;

/** Forks a worker; one request at a time (add, measure, report), answered in order. */
export function startCapacityWorker() {
  const child = fork(new URL('./capacity-client.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CAPACITY_WORKER: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends FromWorker['kind']>(message: ToWorker, answer: T) =>
    new Promise<Extract<FromWorker, { kind: T }>>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`a capacity worker exited (code ${code})`));
      child.once('exit', onExit);
      child.once('message', (reply: FromWorker) => {
        child.off('exit', onExit);
        if (reply.kind === answer) resolve(reply as Extract<FromWorker, { kind: T }>);
        else
          reject(new Error(reply.kind === 'failed' ? reply.message : `unexpected ${reply.kind}`));
      });
      child.send(message);
    });
  return {
    pid: child.pid!,
    add: async (branches: BranchPlan[]) => void (await ask({ kind: 'add', branches }, 'added')),
    measure: () => void child.send({ kind: 'measure' } satisfies ToWorker),
    report: async () => (await ask({ kind: 'report' }, 'report')).data,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

const emptyStep = (): StepData => ({
  taps: [],
  kots: [],
  payments: [],
  bumps: [],
  toDisplay: [],
  errors: 0,
  unseen: 0,
  periodicReads: 0,
  eventReads: 0,
  events: 0,
  ticketEvents: 0,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** The worker's state: the step being recorded (null between steps) and what is under way. */
class Recorder {
  step: StepData | null = null;
  inFlight = 0;
  /** KOTs sent and not yet shown: when the send was requested, and the step it counts in. */
  readonly pending = new Map<string, { sentAt: number; into: StepData | null }>();
  /** KOTs a display showed before their send was answered: when. */
  readonly shownEarly = new Map<string, number>();
  closed = false;

  error(into: StepData | null, message: string) {
    if (!into) return;
    into.errors += 1;
    into.firstError ??= message;
  }

  /** Runs a request, timing it into the step it started in. */
  async timed<T>(
    kind: 'taps' | 'kots' | 'payments' | 'bumps',
    send: () => Promise<{ status: number; body: unknown }>,
    ok: number,
  ): Promise<{ body: T; into: StepData | null; startedAt: number } | null> {
    const into = this.step;
    const startedAt = performance.now();
    this.inFlight += 1;
    try {
      const answer = await send();
      if (answer.status !== ok) {
        this.error(into, `${kind}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        return null;
      }
      into?.[kind].push(performance.now() - startedAt);
      return { body: answer.body as T, into, startedAt };
    } catch (error) {
      if (!this.closed) this.error(into, `${kind}: ${(error as Error).message}`);
      return null;
    } finally {
      this.inFlight -= 1;
    }
  }

  /** A send answered with its KOT: timed now if a display showed it already. */
  sent(kotId: string, sentAt: number, into: StepData | null) {
    const shown = this.shownEarly.get(kotId);
    if (shown === undefined) {
      this.pending.set(kotId, { sentAt, into });
      return;
    }
    this.shownEarly.delete(kotId);
    into?.toDisplay.push(Math.max(0, shown - sentAt));
  }

  /** A display showed the KOT (its first ticket of it). */
  shown(kotId: string) {
    const now = performance.now();
    const sent = this.pending.get(kotId);
    if (!sent) {
      this.shownEarly.set(kotId, now);
      return;
    }
    this.pending.delete(kotId);
    sent.into?.toDisplay.push(now - sent.sentAt);
  }

  async report(): Promise<StepData> {
    const step = this.step ?? emptyStep();
    this.step = null;
    const until = performance.now() + REPORT_WAIT_MS;
    const waiting = () =>
      this.inFlight > 0 || [...this.pending.values()].some((kot) => kot.into === step);
    while (waiting() && performance.now() < until) await sleep(50);
    for (const [kotId, kot] of this.pending) {
      if (kot.into !== step) continue;
      step.unseen += 1;
      this.pending.delete(kotId);
    }
    // Shown early and never answered (a failed send): forgotten.
    for (const [kotId, at] of this.shownEarly) {
      if (performance.now() - at > REPORT_WAIT_MS) this.shownEarly.delete(kotId);
    }
    return step;
  }
}

/** A live-updates stream; `onBlock` gets each event's text (`event:` and `data:` lines). */
function openStream(url: string, cookie: string, onBlock: (block: string) => void) {
  return new Promise<() => void>((resolve, reject) => {
    const req = httpRequest(`${url}/api/events`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    let buffer = '';
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`event stream: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          onBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      });
      res.on('error', () => undefined);
      resolve(() => req.destroy());
    });
    req.on('error', reject);
    req.end();
  });
}

type Step = 'tap' | 'kot' | 'pay';

/** New guests at a table: 1 to 3 rounds (2 to 5 dishes, then 1 to 4), each sent, then paid. */
function guestsSteps(): Step[] {
  const steps: Step[] = [];
  const rounds = randomInt(1, 3);
  for (let round = 0; round < rounds; round += 1) {
    const taps = round === 0 ? randomInt(2, 5) : randomInt(1, 4);
    for (let tap = 0; tap < taps; tap += 1) steps.push('tap');
    steps.push('kot');
  }
  steps.push('pay');
  return steps;
}

interface Table {
  id: string;
  /** What is left to do for its guests, in order. */
  steps: Step[];
  order: { totalPaise: number; version: number } | null;
}

/** One waiter's device: its tables, each from its first tap to its payment. */
class Device {
  private readonly http;
  private readonly tables: Table[];

  constructor(
    private readonly recorder: Recorder,
    device: BranchPlan['devices'][number],
    private readonly productIds: string[],
  ) {
    this.http = keepAliveClient(device.url, 1, { cookie: device.cookie });
    this.tables = device.tableIds.map((id) => ({ id, steps: guestsSteps(), order: null }));
  }

  /**
   * Before the evening is measured, each table is brought to a random point of its guests'
   * order, at once (its taps and KOTs sent, not recorded: the parent adds branches between
   * measurements), so the mix of taps, KOTs and payments is a floor's from the first minute.
   */
  async prefill(): Promise<void> {
    for (const table of this.tables) {
      for (let done = randomInt(0, table.steps.length - 1); done > 0; done -= 1) {
        await this.act(table);
      }
    }
  }

  /** Acts every 3 to 8 s (start to start; at once after a slow answer) on one of its tables. */
  async run(): Promise<void> {
    const recorder = this.recorder;
    let next = performance.now() + Math.random() * (ACT_MIN_MS + ACT_SPREAD_MS);
    while (!recorder.closed) {
      await sleep(next - performance.now());
      if (recorder.closed) break;
      const started = performance.now();
      await this.act(this.tables[randomInt(0, this.tables.length - 1)]!);
      next = started + ACT_MIN_MS + Math.random() * ACT_SPREAD_MS;
    }
    this.http.close();
  }

  /** The table's next step; a failed one is tried again next time. */
  private async act(table: Table): Promise<void> {
    if (table.steps.length === 0) table.steps = guestsSteps();
    const step = table.steps[0]!;
    const done = await this[step](table);
    if (done) table.steps.shift();
  }

  private async tap(table: Table): Promise<boolean> {
    const tapped = await this.recorder.timed<{ totalPaise: number; version: number }>(
      'taps',
      () =>
        this.http.post(`/api/tables/${table.id}/lines`, {
          opId: uuidv7(),
          productId: this.productIds[randomInt(0, this.productIds.length - 1)],
          delta: 1,
        }),
      200,
    );
    if (tapped) table.order = { totalPaise: tapped.body.totalPaise, version: tapped.body.version };
    return tapped !== null;
  }

  private async kot(table: Table): Promise<boolean> {
    const sent = await this.recorder.timed<{ kot: { id: string } | null; version: number }>(
      'kots',
      () => this.http.post(`/api/tables/${table.id}/kots`, { opId: uuidv7() }),
      200,
    );
    if (!sent) return false;
    if (sent.body.kot) this.recorder.sent(sent.body.kot.id, sent.startedAt, sent.into);
    if (table.order) table.order.version = sent.body.version;
    return true;
  }

  private async pay(table: Table): Promise<boolean> {
    const order = table.order;
    if (!order) return true;
    const paid = await this.recorder.timed(
      'payments',
      () =>
        this.http.post(`/api/tables/${table.id}/payments`, {
          idempotencyKey: uuidv7(),
          expectedVersion: order.version,
          status: 'Settled',
          payments: [{ method: METHODS[randomInt(0, 2)], amountPaise: order.totalPaise }],
        }),
      201,
    );
    if (paid) table.order = null;
    return paid !== null;
  }
}

interface ShownTicket {
  id: string;
  kotId: string;
  bumpedAt: string | null;
}

/**
 * A branch's kitchen display, as web/features/kitchen does it: the tickets come in its live
 * events (a kitchen.changed without them makes it read GET /api/kitchen/tickets), it reads them
 * every 30 s anyway, and the cook bumps each ticket 20–60 s after it arrived, in one request.
 */
async function runDisplay(recorder: Recorder, branch: BranchPlan, closers: (() => void)[]) {
  const http = keepAliveClient(branch.displayUrl, 2, { cookie: branch.displayCookie });
  const known = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const arrived = (tickets: ShownTicket[]) => {
    for (const ticket of tickets) {
      if (ticket.bumpedAt !== null || known.has(ticket.id)) continue;
      known.add(ticket.id);
      recorder.shown(ticket.kotId);
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void recorder.timed(
            'bumps',
            () => http.post(`/api/kitchen/tickets/${ticket.id}/bump`, {}),
            200,
          );
        },
        COOK_MIN_MS + Math.random() * COOK_SPREAD_MS,
      );
      timers.add(timer);
    }
  };
  const read = async (kind: 'periodicReads' | 'eventReads') => {
    const into = recorder.step;
    if (into) into[kind] += 1;
    const answer = await http.get('/api/kitchen/tickets').catch(() => null);
    if (answer?.status === 200) arrived((answer.body as { tickets: ShownTicket[] }).tickets);
    else recorder.error(into, `display read: ${answer?.status ?? 'no answer'}`);
  };
  await read('periodicReads');
  const close = await openStream(branch.displayUrl, branch.displayCookie, (block) => {
    if (!block.startsWith('event: kitchen.changed')) return;
    const data = block.slice(block.indexOf('data: ') + 6);
    const event = JSON.parse(data) as { tickets?: ShownTicket[] };
    if (event.tickets) {
      if (recorder.step) recorder.step.ticketEvents += 1;
      arrived(event.tickets);
    } else void read('eventReads');
  });
  const periodic = setInterval(() => void read('periodicReads'), DISPLAY_READ_MS);
  closers.push(() => {
    close();
    clearInterval(periodic);
    for (const timer of timers) clearTimeout(timer);
    http.close();
  });
}

/** `work` on every item, SETTING_UP at a time. */
async function eachAtOnce<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: SETTING_UP }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function serve() {
  const recorder = new Recorder();
  const closers: (() => void)[] = [];
  const add = async (branches: BranchPlan[]) => {
    const devices: Device[] = [];
    // Each branch's display and devices' streams, then the tables' orders so far, SETTING_UP at
    // a time; then the paced evening.
    await eachAtOnce(branches, async (branch) => {
      await runDisplay(recorder, branch, closers);
      for (const plan of branch.devices) {
        const close = await openStream(plan.url, plan.cookie, () => {
          if (recorder.step) recorder.step.events += 1;
        });
        closers.push(close);
        devices.push(new Device(recorder, plan, branch.productIds));
      }
    });
    await eachAtOnce(devices, (device) => device.prefill());
    for (const device of devices) void device.run();
  };
  process.on('message', (message: ToWorker) => {
    const reply = (answer: FromWorker) => process.send!(answer);
    const failed = (error: unknown) =>
      reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    if (message.kind === 'add') add(message.branches).then(() => reply({ kind: 'added' }), failed);
    if (message.kind === 'measure') recorder.step = emptyStep();
    if (message.kind === 'report')
      recorder.report().then((data) => reply({ kind: 'report', data }), failed);
  });
  process.on('disconnect', () => {
    recorder.closed = true;
    for (const close of closers) close();
    setTimeout(() => process.exit(0), 200).unref();
  });
}

if (process.env.BENCH_CAPACITY_WORKER && process.send) await serve();
