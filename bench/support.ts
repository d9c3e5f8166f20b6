// Helpers shared by the benchmark scenarios: a free port, the built server, sizes, tables.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Scenario {
  /** What `npm run bench -- <name>` selects. */
  name: string;
  description: string;
  run: () => Promise<void>;
}

export const ROOT = new URL('..', import.meta.url).pathname;

// One list of Chromium flags for browser tests and benchmarks.
export { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/env';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh temporary folder, removed by the returned function. */
export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `tableflow-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built server (dist/web) on a free port with a fresh embedded database and waits
 * for GET /api/health to answer 200.
 */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const data = tempDir('bench-data');
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: data.path,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    data.remove();
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} before it was healthy`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sizes in kB of 1000 bytes, as Vite prints them. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/** Prints rows as a plain-text table with the first column left-aligned, the rest right. */
export function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
