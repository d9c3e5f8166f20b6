import { spawn } from 'node:child_process';
import { serverNodeArgs } from '../../scripts/server-node-args.mjs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What server/main.ts prints once it listens. */
const LISTENING = /running at http:\/\/localhost:(\d+)/;
/** A SIGTERM'd server that has not exited after this long is killed. */
const STOP_GRACE_MS = 10_000;
/** What is kept of the output for a failure's message (the end of it). */
const KEPT_OUTPUT = 256 * 1024;

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /**
   * Sends `signal` and waits for the exit. SIGTERM (the default) is a graceful stop, followed by
   * SIGKILL if the server has not exited 10 s later; SIGKILL kills it at once, mid-write.
   */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** What it printed (stdout and stderr; the end of it), for a failure's message. */
  output(): string;
}

export interface ServerProcessOptions {
  /** A fixed port (the browser tests' E2E_PORT); by default the system picks a free one. */
  port?: number;
  /** Also print what the server prints: 'stderr' (warnings and errors) or 'all'. */
  print?: 'none' | 'stderr' | 'all';
  /** How long the server may take to migrate, seed and listen. */
  timeoutMs?: number;
}

/**
 * The one way tests, browser tests and benchmarks start the real server (`server/main.ts`:
 * migrate, seed when asked, listen) in a process of its own, and resolves once it listens.
 * The environment is the caller's with these defaults under `env`: production mode, PGlite
 * (`DATABASE_URL` empty: pass it, or `DATA_DIR`), no demo seed, no web build, no SMTP, warnings
 * only. The process is node itself with tsx as its loader, not the tsx command (which runs the
 * server in a child): `pid` is the server's and a signal reaches it.
 */
export function startServerProcess(
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const { port = 0, print = 'none', timeoutMs = 120_000 } = options;
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '.tmp/no-web',
    SMTP_URL: '',
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  const child = spawn(process.execPath, serverNodeArgs(serverEnv), {
    cwd: ROOT,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2 * KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  if (print === 'all') child.stdout.pipe(process.stdout);
  if (print !== 'none') child.stderr.pipe(process.stderr);
  // A test that times out ends its worker: the server goes with it, not left running.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  // 'close': the process has exited and everything it printed has been read.
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      process.off('exit', orphaned);
      resolve();
    }),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async (signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM') => {
    if (running()) child.kill(signal);
    const timer =
      signal === 'SIGTERM'
        ? setTimeout(() => running() && child.kill('SIGKILL'), STOP_GRACE_MS)
        : undefined;
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let listening = '';
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      listening += chunk.toString();
      const match = LISTENING.exec(listening);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', read);
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        pid: child.pid!,
        stop,
        output: () => output,
      });
    };
    child.stdout.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? code}) before it listened:\n${output}`));
    });
  });
}
