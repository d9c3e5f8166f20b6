// The HTTP clients of the billing scenario, in a process of their own (forked by
// `startLoadClient`), so the server's event loop is not shared with the load it measures.
// Each message from the parent is one measurement; the answer is its `Measured`.
import { randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { v7 as uuidv7 } from 'uuid';
import { keepAliveClient, measure, type Measured } from './support';

/** One measurement: `clients` concurrent clients on keep-alive connections for `seconds`. */
export type LoadRequest =
  | {
      kind: 'lines';
      clients: number;
      seconds: number;
      /** The table each client taps (index = client). */
      tableOfClient: string[];
      productId: string;
    }
  | {
      kind: 'payments';
      clients: number;
      seconds: number;
      /** Tables to pay, each once, taken in order by whichever client is free. */
      tableIds: string[];
      amountPaise: number;
    }
  | {
      kind: 'kots';
      clients: number;
      seconds: number;
      /** Tables whose unsent lines to send to the kitchen, each once, in order. */
      tableIds: string[];
    };

type LoadAnswer = { ok: true; measured: Measured } | { ok: false; message: string };

interface LoadClientOptions {
  url: string;
  cookie: string;
  connections: number;
}

/** Forks the load process; `run` sends it one measurement at a time. */
export function startLoadClient(options: LoadClientOptions) {
  const child: ChildProcess = fork(new URL('./load-client.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_LOAD_CLIENT: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const run = (request: LoadRequest) =>
    new Promise<Measured>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`the load process exited (code ${code}) during a measurement`));
      child.once('exit', onExit);
      child.once('message', (answer: LoadAnswer) => {
        child.off('exit', onExit);
        if (answer.ok) resolve(answer.measured);
        else reject(new Error(`load process: ${answer.message}`));
      });
      child.send(request);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return { run, stop, pid: child.pid! };
}

async function serve(options: LoadClientOptions) {
  const http = keepAliveClient(options.url, options.connections, { cookie: options.cookie });
  const lines = (request: Extract<LoadRequest, { kind: 'lines' }>) =>
    measure(request.clients, request.seconds, async (client) => {
      const answer = await http.post(`/api/tables/${request.tableOfClient[client]}/lines`, {
        opId: uuidv7(),
        productId: request.productId,
        delta: 1,
      });
      if (answer.status !== 200) throw new Error(`line change: ${answer.status}`);
    });
  const payments = (request: Extract<LoadRequest, { kind: 'payments' }>) => {
    let next = 0;
    return measure(request.clients, request.seconds, async () => {
      const tableId = request.tableIds[next++];
      if (!tableId) return false;
      const answer = await http.post(`/api/tables/${tableId}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: 0,
        discountPercent: 0,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: request.amountPaise }],
      });
      if (answer.status !== 201) {
        throw new Error(`payment: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      return true;
    });
  };
  const kots = (request: Extract<LoadRequest, { kind: 'kots' }>) => {
    let next = 0;
    return measure(request.clients, request.seconds, async () => {
      const tableId = request.tableIds[next++];
      if (!tableId) return false;
      const answer = await http.post(`/api/tables/${tableId}/kots`, { opId: uuidv7() });
      const kot = (answer.body as { kot?: unknown } | null)?.kot;
      if (answer.status >= 300 || !kot) {
        throw new Error(`KOT: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      return true;
    });
  };
  const run = { lines, payments, kots } as const;
  process.on('message', (request: LoadRequest) => {
    (run[request.kind] as (r: LoadRequest) => Promise<Measured>)(request).then(
      (measured) => process.send!({ ok: true, measured } satisfies LoadAnswer),
      (error: unknown) =>
        process.send!({
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies LoadAnswer),
    );
  });
  process.on('disconnect', () => http.close());
}

const own = process.env.BENCH_LOAD_CLIENT;
if (own && process.send) await serve(JSON.parse(own) as LoadClientOptions);
