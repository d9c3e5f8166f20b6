import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What server/main.ts prints once it listens. */
const LISTENING = /running at http:\/\/localhost:(\d+)/;

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Sends `signal` (SIGKILL: the process dies at once, mid-write) and waits for the exit. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Everything it printed (stdout and stderr), for a failure's message. */
  output(): string;
}

/**
 * Starts the real server (`server/main.ts`: migrate, listen) in a process of its own on a port
 * the system picks, with `env` over the test's environment (production mode, no demo seed, no
 * web build), and resolves once it listens. The process is node itself with tsx as its loader,
 * not the tsx command (which runs the server in a child): a signal reaches the server.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: '.tmp/no-web',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
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
  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        pid: child.pid!,
        stop,
        output: () => output,
      });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? code}) before it listened:\n${output}`));
    });
  });
}
