// Browser tests and the benchmark drive Debian's Chromium; install it when a machine lacks it.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const prefix = process.getuid?.() === 0 ? [] : ['sudo'];

function run(...args) {
  const [command, ...rest] = [...prefix, ...args];
  return spawnSync(command, rest, { stdio: 'inherit' }).status === 0;
}

if (!existsSync(exe)) {
  console.log(`No browser at ${exe}: installing Debian's chromium…`);
  if (!run('apt-get', 'update') || !run('apt-get', 'install', '-y', 'chromium')) {
    console.error('Could not install chromium; set CHROMIUM_PATH to a Chromium binary.');
    process.exit(1);
  }
}
