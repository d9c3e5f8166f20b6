// `npm start`: build the web app if it is missing, then run the server (migrates and seeds on
// first start). `exec`-style: the server replaces nothing, but signals reach it directly.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { serverNodeArgs } from './server-node-args.mjs';

const webDist = process.env.WEB_DIST ?? './dist/web';
if (!existsSync(`${webDist}/index.html`)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, serverNodeArgs(process.env), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
