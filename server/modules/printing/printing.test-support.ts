import { createServer, type Server, type Socket } from 'node:net';
import { expect } from 'vitest';
import type { Station } from '../../../shared/schemas/kitchen.schemas';
import type { callsAs } from '../../test/api-client';
import type { billsAs } from '../billing/billing.test-support';

/**
 * A network receipt printer for tests: a TCP server on 127.0.0.1 (a port of its own) that
 * keeps what each connection wrote, as a raw-printing port does. `hang`: it accepts and then
 * neither reads nor closes (a printer that froze).
 */
export interface FakePrinter {
  port: number;
  /** The bytes of each connection that ended, in the order they ended. */
  received: Buffer[];
  /** Resolves with the `n`th reception (1-based) once it has arrived. */
  reception(n: number): Promise<Buffer>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

export async function fakePrinter(mode: 'prints' | 'hangs' = 'prints'): Promise<FakePrinter> {
  const received: Buffer[] = [];
  const sockets = new Set<Socket>();
  const waiting: { n: number; resolve: (bytes: Buffer) => void }[] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'hangs') {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      received.push(Buffer.concat(chunks));
      socket.end();
      for (const wait of [...waiting]) {
        if (received.length >= wait.n) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve(received[wait.n - 1]!);
        }
      }
    });
  });
  const port = await listen(server);
  return {
    port,
    received,
    reception: (n) =>
      received.length >= n
        ? Promise.resolve(received[n - 1]!)
        : new Promise((resolve) => waiting.push({ n, resolve })),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port of 127.0.0.1 where nothing listens (a printer that is off: the connection is refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Call = ReturnType<typeof callsAs>;

/** A printer's body with the given changes (an 80 mm bill printer of this device by default). */
export const printerBody = (changes: Record<string, unknown> = {}) => ({
  name: 'Counter',
  paperWidth: 80,
  connection: 'browser',
  printsBills: true,
  printsKots: false,
  ...changes,
});

/** The printing API of one signed-in user. */
export function printingAs(call: Call) {
  return {
    call,
    printers: () => call('GET', '/api/printers'),
    addPrinter: (body: object) => call('POST', '/api/printers', body),
    updatePrinter: (id: string, body: object) => call('PUT', `/api/printers/${id}`, body),
    removePrinter: (id: string) => call('DELETE', `/api/printers/${id}`),
    test: (id: string) => call('POST', `/api/printers/${id}/test`),
    testEscpos: (id: string) => call('GET', `/api/printers/${id}/test-escpos`),
    jobs: (query = '') => call('GET', `/api/print-jobs${query}`),
    retry: (jobId: string) => call('POST', `/api/print-jobs/${jobId}/retry`),
    reprintBill: (billId: string) => call('POST', `/api/bills/${billId}/print`),
    billEscpos: (billId: string, query: string) =>
      call('GET', `/api/bills/${billId}/escpos${query}`),
    kotEscpos: (kotId: string, query: string) => call('GET', `/api/kots/${kotId}/escpos${query}`),
    receiptSettings: () => call('GET', '/api/receipt-settings'),
    saveReceiptSettings: (body: object) => call('PUT', '/api/receipt-settings', body),
  };
}

export const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;

/** A call's JSON answer, once its status is `status` (the body is the failure's message). */
export async function ok<T>(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return JSON.parse(answer.body) as T;
}

/**
 * A kitchen and a bar (Mains go to the kitchen, Drinks to the bar) and a dish and a drink to
 * order: what the KOT and bill tests print.
 */
export async function kitchenAndMenu(
  manager: ReturnType<typeof printingAs>,
  bills: ReturnType<typeof billsAs>,
) {
  const kitchen = await ok<Station>(
    manager.call('POST', '/api/kitchen/stations', { name: 'Kitchen', position: 0 }),
    201,
  );
  const bar = await ok<Station>(
    manager.call('POST', '/api/kitchen/stations', { name: 'Bar', position: 1 }),
    201,
  );
  await ok(
    manager.call('PUT', '/api/kitchen/routes', {
      routes: [
        { subcategory: 'Mains', stationId: kitchen.id },
        { subcategory: 'Drinks', stationId: bar.id },
      ],
    }),
  );
  const dosa = await bills.product(12000, 'Masala Dosa');
  const soda = await ok<{ id: string }>(
    manager.call('POST', '/api/products', {
      name: 'Lime Soda',
      pricePaise: 6000,
      subcategory: 'Drinks',
      ingredients: [],
    }),
    201,
  );
  return { kitchen, bar, dosa, soda: soda.id };
}
