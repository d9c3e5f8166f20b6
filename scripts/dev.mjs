// `npm run dev`: the API server under `tsx watch` (restarts on every server change) and the Vite
// dev server for the web app (hot reload), whose /api proxy reaches that server. Both stop
// together: Ctrl+C stops both, and if either one ends, the other is stopped too.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PORT: apiPort,
  // Read by vite.config.ts for its /api proxy.
  TABLEFLOW_API_URL: `http://localhost:${apiPort}`,
};

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];

let stopping = false;
function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

let exitCode = 0;
let running = children.length;
for (const child of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) exitCode = code ?? (signal ? 1 : 0);
    stopAll();
    running -= 1;
    if (running === 0) process.exit(exitCode);
  });
}
