import { spawn } from 'node:child_process';

/**
 * Runs a TypeScript command of the project (`npm run backup`, `reset-2fa`, `create-admin`: its
 * script path) with tsx, as the operator would, on PGlite unless `env` says otherwise; answers
 * its exit code and everything it printed.
 */
export function runScript(
  path: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('node_modules/.bin/tsx', [path, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
