import { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { PRINT_RETRY_DELAYS_MS } from '../../../shared/printing';
import type { Database, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { publishBranchEvent } from '../../lib/events';
import { Listener } from '../../lib/listen';
import { getBillForPrint } from '../billing/billing.usecases';
import { resolvePrinterHost, type PrinterNetworks } from './printer-networks';
import * as provisionalRepo from './printing.provisional.repository';
import * as repo from './printing.repository';
import * as sender from './printing.sender.repository';
import { provisionalBytes } from './printing.provisional.usecases';
import { billBytes, kotBytes, reportBytes, testPageBytes } from './printing.bytes.usecases';

/** The application name of each process's connection that LISTENs for new jobs (PostgreSQL). */
export const PRINT_LISTENER = 'tableflow-print-listener';

export interface PrintQueueOptions {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  networks: PrinterNetworks;
  /** How long one print may take: connecting, writing, the printer closing (ms). */
  timeoutMs: number;
  /** How long a taken job is this sender's (ms): longer than a batch's sends can take. */
  leaseMs: number;
  /** How often the queue is scanned besides the notifications (ms). */
  scanMs: number;
  /** The waits between tries (ms); a job is tried once more than these. */
  retryDelaysMs?: readonly number[];
  /** Jobs taken at once (default: as many as surely end within the lease, at most 10). */
  batch?: number;
  /** PostgreSQL: the LISTEN connection's heartbeat (server/lib/listen.ts). */
  heartbeatMs?: number;
}

/**
 * Why a try failed, as the job keeps it. `final`: trying again cannot help; `unreachable`: the
 * printer itself did not take it (its other jobs would fail the same way now).
 */
class PrintFailure extends Error {
  constructor(
    message: string,
    readonly final = false,
    readonly unreachable = true,
  ) {
    super(message);
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * The print sender (docs/printing.md, "The print queue"): sends the network printers' jobs,
 * after the commit of the sale that queued them, so no payment or KOT ever waits for a
 * printer. Woken by the `tf_print_jobs` notification (each process LISTENs) and every
 * `scanMs`; `drain()` sends every job due now (tests call it to run the queue by hand).
 *
 * A job is taken with a lease in one statement (`for update skip locked`), so two processes
 * never take the same job, and a process that dies mid-send lets it go when the lease ends.
 * Each later update is fenced by the try's count: a sender whose lease ran out cannot mark a
 * job another sender took since.
 */
export class PrintQueue {
  private readonly listener: Listener;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly retryDelays: readonly number[];

  constructor(private readonly options: PrintQueueOptions) {
    this.retryDelays = options.retryDelaysMs ?? PRINT_RETRY_DELAYS_MS;
    this.listener = new Listener(options.database, options.log, {
      channel: repo.PRINT_JOBS_CHANNEL,
      applicationName: PRINT_LISTENER,
      heartbeatMs: options.heartbeatMs,
      onMessage: () => void this.drain(),
      // Jobs queued while the connection was down are found now.
      onUp: () => void this.drain(),
    });
  }

  /** Listens for new jobs, scans every `scanMs`, and sends what is due already. */
  async start(): Promise<void> {
    await this.listener.start();
    this.timer = setInterval(() => void this.drain(), this.options.scanMs);
    this.timer.unref();
    void this.drain();
  }

  /**
   * Sends every job due now, and those that become due while it runs (a retry without a
   * wait). Concurrent calls share one run, which then looks once more. Never rejects.
   */
  drain(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.again = true;
    this.running ??= this.loop();
    return this.running;
  }

  /**
   * Runs while a drain was asked since the last run began. The last look at `again` and the
   * end of the loop happen in one turn, so a drain asked meanwhile is never left unserved.
   */
  private async loop(): Promise<void> {
    try {
      while (this.again && !this.closed) {
        this.again = false;
        await this.run().catch((error: unknown) =>
          this.options.log.error({ err: error }, 'print queue failed'),
        );
      }
    } finally {
      this.running = null;
    }
  }

  /** Stops listening and scanning; waits for the sends in flight (each bounded by the time-out). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.listener.close();
    await this.running;
  }

  /** Takes and sends due jobs until none is left. */
  private async run(): Promise<void> {
    const { database, leaseMs, timeoutMs } = this.options;
    // One printer's jobs go one after another, each within a look-up and a send's time-out:
    // all of them end before the lease does, so no other sender takes one still being sent.
    const batch =
      this.options.batch ?? Math.min(10, Math.max(1, Math.floor(leaseMs / (2 * timeoutMs)) - 1));
    while (!this.closed) {
      // One statement takes the jobs. It tells no screen: 'sending' lasts a moment, and an
      // event per job to every device of the branch would cost more than the printing.
      const jobs = await sender.claimJobs(database.db, batch, leaseMs);
      if (jobs.length === 0) return;
      await this.sendAll(jobs);
    }
  }

  /** The jobs of each printer one after another, in the order queued; printers side by side. */
  private async sendAll(jobs: sender.ClaimedJob[]) {
    const byPrinter = new Map<string, sender.ClaimedJob[]>();
    for (const job of jobs) {
      const key = `${job.branchId} ${job.printerId}`;
      byPrinter.set(key, [...(byPrinter.get(key) ?? []), job]);
    }
    await Promise.all(
      [...byPrinter.values()].map(async (queue) => {
        // A printer that did not answer fails the rest of this batch's jobs at once: each
        // would wait out the time-out (and the lease) for the same answer.
        let down: PrintFailure | null = null;
        for (const job of queue) {
          if (this.closed) {
            await this.options.database.db.transaction(async (tx) => {
              if (await sender.releaseJob(tx, job)) await changed(tx, job);
            });
            continue;
          }
          const failure: PrintFailure | null = down ?? (await this.tryJob(job));
          if (failure?.unreachable) down = failure;
          await this.finish(job, failure);
        }
      }),
    );
  }

  /** One try of a job: null when printed, else why not. */
  private async tryJob(job: sender.ClaimedJob): Promise<PrintFailure | null> {
    const { database, networks, timeoutMs } = this.options;
    const db = database.db;
    try {
      const printer = await repo.findPrinter(db, job.branchId, job.printerId);
      if (!printer || printer.archivedAt)
        throw new PrintFailure('The printer was removed', true, false);
      if (printer.connection !== 'network' || !printer.host || !printer.port) {
        throw new PrintFailure('The printer is no longer a network printer', true, false);
      }
      const where = `Printer at ${printer.host}:${printer.port}`;
      const resolved = await resolvePrinterHost(printer.host, networks, timeoutMs);
      if (!resolved.ok) {
        throw resolved.reason === 'not_found'
          ? new PrintFailure(`${where} was not found on the network`)
          : new PrintFailure(`${where}: address not allowed (PRINTER_ALLOWED_NETWORKS)`, true);
      }
      // The receipt is made once the printer has answered: a printer that is off costs no
      // reading of the bill and no rendering, try after try.
      await sendBytes(
        resolved.address,
        printer.port,
        () => this.bytesOf(job, printer),
        timeoutMs,
        where,
      );
      return null;
    } catch (error) {
      if (error instanceof PrintFailure) return error;
      this.options.log.error({ err: error, jobId: job.id }, 'print job could not be made');
      return new PrintFailure('The receipt could not be made', true, false);
    }
  }

  private async bytesOf(
    job: sender.ClaimedJob,
    printer: NonNullable<Awaited<ReturnType<typeof repo.findPrinter>>>,
  ): Promise<Uint8Array> {
    const { database, clock } = this.options;
    const db = database.db;
    const { branchId } = job;
    if (job.kind === 'bill') {
      const bill = await getBillForPrint({ db, clock, branchId, id: job.billId!, anyDay: true });
      return billBytes({
        db,
        branchId,
        bill,
        printer,
        reprint: job.reprint,
        openDrawer: job.openDrawer,
        copies: job.copies,
      });
    }
    if (job.kind === 'kot') {
      const kot = await repo.kotJson(db, branchId, job.kotId!);
      if (!kot) throw new PrintFailure('The KOT is gone', true, false);
      return kotBytes({
        db,
        branchId,
        kot,
        ticketIds: [job.kotTicketId!],
        printer,
        reprint: job.reprint,
        copies: job.copies,
      });
    }
    if (job.kind === 'report') {
      const report = await repo.jobReport(db, branchId, job.id);
      if (!report) throw new PrintFailure('The report is gone', true, false);
      return reportBytes({ db, branchId, report, printer, copies: job.copies, printedAt: clock() });
    }
    if (job.kind === 'provisional') {
      const provisional = await provisionalRepo.jobProvisional(db, branchId, job.id);
      if (!provisional) throw new PrintFailure('The provisional bill is gone', true, false);
      return provisionalBytes({ db, branchId, provisional, printer });
    }
    return testPageBytes({ db, branchId, printer, at: job.createdAt });
  }

  /** Marks the try's outcome: printed, queued again after its wait, or failed for good. */
  private async finish(job: sender.ClaimedJob, failure: PrintFailure | null) {
    const { database, log } = this.options;
    const retryIn =
      failure && !failure.final && job.attempts <= this.retryDelays.length
        ? this.retryDelays[job.attempts - 1]!
        : null;
    if (failure) {
      log.warn(
        {
          jobId: job.id,
          printerId: job.printerId,
          attempt: job.attempts,
          reason: failure.message,
          retryInMs: retryIn,
        },
        retryIn === null ? 'print job failed' : 'print job not printed; will retry',
      );
    }
    // A try to be made again tells no screen (the job stays queued); printed or failed does.
    if (failure && retryIn !== null) {
      await sender.markFailedTry(database.db, job, failure.message, retryIn);
      return;
    }
    await database.db.transaction(async (tx) => {
      const mine = failure
        ? await sender.markFailedTry(tx, job, failure.message, null)
        : await sender.markPrinted(tx, job);
      if (mine) await changed(tx, job);
    });
  }
}

/** print.changed for the job's bill or KOT (a test page or a report: neither). */
function changed(tx: DbOrTx, job: sender.ClaimedJob) {
  return publishBranchEvent(tx, job.branchId, {
    type: 'print.changed',
    billId: job.billId,
    kotId: job.kotId,
  });
}

/**
 * Connects to a raw-printing port (9100) at `address`, then makes the bytes and writes them and
 * ends the connection; done when the printer has closed its side too (it read to the end).
 * Connecting, making, writing and the close together within `timeoutMs`, else the connection
 * is dropped. A failure to make the bytes rejects with that error.
 */
export function sendBytes(
  address: string,
  port: number,
  make: () => Promise<Uint8Array>,
  timeoutMs: number,
  where: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const settle = (failure: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (failure) reject(failure as Error);
      else resolve();
    };
    const timer = setTimeout(
      () => settle(new PrintFailure(`${where} did not answer within ${seconds(timeoutMs)}`)),
      timeoutMs,
    );
    let finished = false;
    socket.on('error', (error: NodeJS.ErrnoException) =>
      settle(new PrintFailure(socketFailure(where, error))),
    );
    // What the printer says (status bytes) is read and dropped, so its close is seen.
    socket.on('data', () => undefined);
    socket.on('finish', () => {
      finished = true;
    });
    socket.on('close', () =>
      settle(finished ? null : new PrintFailure(`${where} closed the connection before the end`)),
    );
    socket.connect({ host: address, port }, () => {
      make().then(
        (bytes) => {
          if (!settled) socket.end(bytes);
        },
        (error: unknown) => settle(error),
      );
    });
  });
}

function socketFailure(where: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${where} refused the connection`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} could not be reached`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${where} dropped the connection`;
    default:
      return `${where} could not be reached (${error.code ?? 'network error'})`;
  }
}
