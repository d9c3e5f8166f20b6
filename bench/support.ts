// Helpers shared by the benchmark scenarios: a free port, the built server, sizes, tables.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import * as prettier from 'prettier';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { PASSWORD } from '../server/test/fixtures';
import {
  startServerProcess as startSharedServerProcess,
  type ServerProcess,
} from '../server/test/server-process';

export type { ServerProcess };
// One way to make a PostgreSQL database of a run's own, for tests and benchmarks alike.
export { createThrowawayDatabase, withThrowawayDatabase } from '../server/test/throwaway-database';

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
  const data = tempDir('bench-data');
  try {
    const server = await startServerProcess({
      DATA_DIR: data.path,
      SEED_DEMO: 'true',
      WEB_DIST: join(ROOT, 'dist/web'),
    });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        data.remove();
      },
    };
  } catch (error) {
    data.remove();
    throw error;
  }
}

/**
 * server/main.ts in a Node process of its own (server/test/server-process.ts, shared with the
 * tests: `pid` is the server's), without the demo or the web app unless `env` says otherwise;
 * answers once it listens (and GET /api/health answers 200). Its warnings and errors are
 * printed.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startSharedServerProcess(
    { WEB_DIST: '.tmp/bench-no-web', ...env },
    { print: 'stderr' },
  );
  const health = await fetch(`${server.url}/api/health`).catch((error: unknown) => error);
  if (!(health instanceof Response) || !health.ok) {
    await server.stop();
    throw new Error(`the server does not answer /api/health: ${String(health)}`);
  }
  return server;
}

/** Signs in through the API with an email and password and answers the session cookie. */
export async function signInAs(
  url: string,
  { email, password }: { email: string; password: string },
): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('tf_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return cookie;
}

/** Signs in one of the bench's own accounts (PASSWORD) and answers the session cookie. */
export const signIn = (url: string, email: string) => signInAs(url, { email, password: PASSWORD });

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

/** The machine the figures were measured on, for the report next to them. */
export function machineInfo() {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown CPU',
    cores: cores.length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
  };
}

/** The 1, 5 and 15 minute load averages: other work on the machine skews the figures. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) used so far by every process, by pid, from /proc (Linux; empty
 * elsewhere). Taken before and after a measurement, it gives the CPU of processes that started
 * in between too (a pool's new connections), from 0.
 */
export function cpuMsByPid(): Map<number, number> {
  const times = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return times;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      times.set(Number(entry), (ticks * 1000) / TICKS_PER_SECOND);
    } catch {
      // gone meanwhile
    }
  }
  return times;
}

/** CPU time (ms) the processes `pids` used between two `cpuMsByPid()` readings. */
export function cpuMsBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  pids: number[],
): number {
  return pids.reduce((sum, pid) => sum + (after.get(pid) ?? 0) - (before.get(pid) ?? 0), 0);
}

export interface Measured {
  /** Operations that succeeded. */
  count: number;
  errors: number;
  firstError?: string;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** The `share` (0..1) quantile of sorted values, nearest rank. */
function quantile(sorted: number[], share: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * Runs `operation` in a loop in each of `clients` concurrent clients for about `seconds` (a
 * client stops when the time is up, or when `operation` answers false: nothing left to do) and
 * answers the rate of successful operations and their latency.
 */
export async function measure(
  clients: number,
  seconds: number,
  operation: (client: number) => Promise<boolean | void>,
): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) {
        const before = performance.now();
        try {
          if ((await operation(client)) === false) return;
          latencies.push(performance.now() - before);
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    errors,
    firstError,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** One answer being read from a socket: the head, then a body of known length or chunks. */
class AnswerReader {
  private buffer: Buffer = Buffer.alloc(0);
  private status = 0;
  private length: number | null = null;
  private chunked = false;
  private headDone = false;
  private body: Buffer[] = [];
  close = false;

  /** Takes bytes; answers the whole answer once it is there (bytes after it are not expected:
   *  one request at a time per connection). */
  push(data: Buffer): JsonAnswer | null {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    if (!this.headDone) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      this.status = Number(statusLine!.split(' ')[1]);
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        if (name === 'content-length') this.length = Number(value);
        if (name === 'transfer-encoding') this.chunked = value.toLowerCase().includes('chunked');
        if (name === 'connection') this.close = value.toLowerCase() === 'close';
      }
      this.headDone = true;
      this.buffer = this.buffer.subarray(end + 4);
      if (!this.chunked && this.length === null) this.length = 0;
    }
    if (!this.chunked) {
      if (this.buffer.length < this.length!) return null;
      return this.answer(this.buffer.subarray(0, this.length!));
    }
    for (;;) {
      const lineEnd = this.buffer.indexOf('\r\n');
      if (lineEnd === -1) return null;
      const size = parseInt(this.buffer.subarray(0, lineEnd).toString('latin1'), 16);
      if (this.buffer.length < lineEnd + 2 + size + 2) return null;
      if (size === 0) return this.answer(Buffer.concat(this.body));
      this.body.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      this.buffer = this.buffer.subarray(lineEnd + 2 + size + 2);
    }
  }

  private answer(bytes: Buffer): JsonAnswer {
    const text = bytes.toString('utf8');
    return { status: this.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
}

/**
 * An HTTP/1.1 client over keep-alive connections (at most `connections` sockets, one request at
 * a time on each), as devices on a floor hold theirs; every request carries `headers` (the
 * session cookie). Written on plain sockets: node:http's client costs several times more CPU
 * per request, and the benchmarks run it on the same cores as the server they measure.
 */
export function keepAliveClient(
  baseUrl: string,
  connections: number,
  headers: Record<string, string>,
) {
  const url = new URL(baseUrl);
  const head = Object.entries({ host: url.host, accept: 'application/json', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const idle: Socket[] = [];
  const waiting: ((socket: Socket) => void)[] = [];
  const all = new Set<Socket>();
  let closed = false;

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port || 80) });
      socket.setNoDelay(true);
      all.add(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
      socket.once('close', () => {
        all.delete(socket);
        const at = idle.indexOf(socket);
        if (at !== -1) idle.splice(at, 1);
        // Its place goes to a request waiting for a connection.
        if (!closed && waiting.length) void open().then(give, () => undefined);
      });
    });
  const take = async (): Promise<Socket> => {
    const socket = idle.pop();
    if (socket) return socket;
    if (all.size < connections) return open();
    return new Promise((resolve) => waiting.push(resolve));
  };
  const give = (socket: Socket) => {
    const next = waiting.shift();
    if (next) next(socket);
    else idle.push(socket);
  };

  const send = async (method: string, path: string, payload?: unknown): Promise<JsonAnswer> => {
    if (closed) throw new Error('client closed');
    const socket = await take();
    const data = payload === undefined ? '' : JSON.stringify(payload);
    const type = data
      ? `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(data)}\r\n`
      : '';
    return new Promise<JsonAnswer>((resolve, reject) => {
      const reader = new AnswerReader();
      const done = (error: Error | null, answer?: JsonAnswer) => {
        socket.off('data', onData);
        socket.off('close', onClose);
        socket.off('error', onClose);
        if (error) {
          socket.destroy();
          reject(error);
        } else {
          if (reader.close) socket.destroy();
          else give(socket);
          resolve(answer!);
        }
      };
      const onData = (chunk: Buffer) => {
        try {
          const answer = reader.push(chunk);
          if (answer) done(null, answer);
        } catch (error) {
          done(error as Error);
        }
      };
      const onClose = () => done(new Error(`connection closed during ${method} ${path}`));
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.once('error', onClose);
      socket.write(`${method} ${path} HTTP/1.1\r\n${head}${type}\r\n${data}`);
    });
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, payload: unknown) => send('POST', path, payload),
    close: () => {
      closed = true;
      for (const socket of all) socket.destroy();
    },
  };
}

const PERFORMANCE_DOC = join(ROOT, 'docs/performance.md');
const NOTES_DOC = join(ROOT, 'docs/performance-notes.md');
const PERFORMANCE_INTRO = `# Performance

Measured by \`npm run bench\` (\`npx tsx bench/run.ts <scenario>\` runs one). Each scenario
rewrites its own section below with the date, the machine and the figures of its latest run.
`;
const NOTES_INTRO = `# Performance notes

Readings and experiments behind docs/performance.md, and runs that were not results.
`;

/** The most load (1-minute average) a run may start under and still be a result. */
export const RESULT_MAX_LOAD = 2;

/**
 * Whether the figures of a run started now are a result (docs/performance.md): the committed
 * code (a clean work tree: `git status --porcelain` says nothing outside .tmp and the docs the
 * bench writes) on a quiet machine (1-minute load average at most RESULT_MAX_LOAD). Read once,
 * when the run starts (bench/run.ts), so a run that loads the machine itself still counts.
 */
export interface RunConditions {
  commit: string;
  load: number;
  /** Why the run's figures are not a result; null when they are. */
  notAResult: string | null;
}

let conditions: RunConditions | null = null;

export function runConditions(): RunConditions {
  if (conditions) return conditions;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const commit = git('rev-parse', '--short', 'HEAD').trim();
  const dirty = git('status', '--porcelain')
    .split('\n')
    .filter((line) => line.trim() && !/ (docs\/performance(-notes)?\.md|\.tmp\/)/.test(line));
  const load = loadavg()[0]!;
  const reasons = [
    ...(dirty.length ? [`uncommitted changes (${dirty.length} files)`] : []),
    ...(load > RESULT_MAX_LOAD ? [`load average ${load.toFixed(2)} at the start`] : []),
  ];
  conditions = { commit, load, notAResult: reasons.length ? reasons.join(', ') : null };
  return conditions;
}

/**
 * Replaces the section of `file` that starts with \`heading\` (a "## " line) by \`heading\` and
 * \`body\`, or appends it; the file is created with \`intro\` when absent.
 */
async function writeSection(file: string, intro: string, heading: string, body: string) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : intro;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.indexOf(`${heading}\n`);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf('\n## ', start + heading.length);
    next =
      current.slice(0, start) + section + (after === -1 ? '' : `\n${current.slice(after + 1)}`);
  }
  // Formatted as `npm run check` expects, so a run leaves the repository clean.
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
  console.log(`\nWritten to ${file}`);
}

/**
 * A scenario's latest figures: its section of docs/performance.md, with the commit measured,
 * when the run is a result (runConditions); otherwise, headed "Not a result" and why, its
 * section of docs/performance-notes.md, and docs/performance.md keeps its last result.
 */
export async function writePerformanceSection(heading: string, body: string) {
  const run = runConditions();
  if (run.notAResult) {
    console.log(`\nNot a result (${run.notAResult}): written to the notes, not the figures.`);
    await writeSection(
      NOTES_DOC,
      NOTES_INTRO,
      `${heading} (not a result)`,
      `Not a result: ${run.notAResult}; commit ${run.commit}.\n\n${body}`,
    );
    return;
  }
  await writeSection(
    PERFORMANCE_DOC,
    PERFORMANCE_INTRO,
    heading,
    `Commit ${run.commit}.\n\n${body}`,
  );
}

/**
 * The figures of a run that is not a result whatever the machine and the tree (a shortened run:
 * fewer steps, shorter measurements): its section of docs/performance-notes.md, headed "Not a
 * result" with `why` (and runConditions' reasons, if any); docs/performance.md is not touched.
 */
export async function writeNotesSection(heading: string, body: string, why: string) {
  const run = runConditions();
  const reasons = [why, run.notAResult].filter(Boolean).join('; ');
  console.log(`\nNot a result (${reasons}): written to the notes, not the figures.`);
  await writeSection(
    NOTES_DOC,
    NOTES_INTRO,
    `${heading} (not a result)`,
    `Not a result: ${reasons}; commit ${run.commit}.\n\n${body}`,
  );
}
