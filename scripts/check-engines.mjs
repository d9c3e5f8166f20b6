#!/usr/bin/env node
// Fails when a package the project installs (every entry of package-lock.json, which `npm ci`
// installs as it is) demands a newer Node than package.json's `engines.node` allows: the oldest
// Node the project promises must satisfy every package's `engines.node`. npm only warns
// (EBADENGINE) and installs anyway, so nothing else would stop such a package. A package that
// must not be taken at its newest version is pinned in package.json `overrides`.
//
// Usage: node scripts/check-engines.mjs   (CI runs it right after `npm ci`)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** '20.19' → [20, 19, 0]; 'x', '*' and missing parts are null (a partial version). */
function parseVersion(text) {
  const parts = text.replace(/^v/, '').split('.');
  const numbers = [0, 1, 2].map((i) => {
    const part = parts[i];
    if (part === undefined || part === '' || /^[xX*]$/.test(part)) return null;
    const number = Number.parseInt(part, 10);
    if (Number.isNaN(number)) throw new Error(`cannot read the version '${text}'`);
    return number;
  });
  return numbers;
}

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const filled = (v) => v.map((n) => n ?? 0);
/** The first version after every version that matches the partial `v` (20.x → 21.0.0). */
function nextAfter(v) {
  if (v[0] === null) return null;
  if (v[1] === null) return [v[0] + 1, 0, 0];
  if (v[2] === null) return [v[0], v[1] + 1, 0];
  return null;
}

/** One comparator ('>=20.19', '^18.18.0', '20', '14.x', '*') as a test of a full version. */
function comparator(text) {
  const [, op, rest] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(text);
  const v = parseVersion(rest);
  const low = filled(v);
  const partialEnd = nextAfter(v);
  switch (op ?? '=') {
    case '>=':
      return (x) => compare(x, low) >= 0;
    case '>':
      return partialEnd ? (x) => compare(x, partialEnd) >= 0 : (x) => compare(x, low) > 0;
    case '<':
      return (x) => compare(x, low) < 0;
    case '<=':
      return partialEnd ? (x) => compare(x, partialEnd) < 0 : (x) => compare(x, low) <= 0;
    case '^': {
      const end =
        low[0] > 0 || v[1] === null
          ? [low[0] + 1, 0, 0]
          : low[1] > 0 || v[2] === null
            ? [0, low[1] + 1, 0]
            : [0, 0, low[2] + 1];
      return (x) => compare(x, low) >= 0 && compare(x, end) < 0;
    }
    case '~': {
      const end = v[1] === null ? [low[0] + 1, 0, 0] : [low[0], low[1] + 1, 0];
      return (x) => compare(x, low) >= 0 && compare(x, end) < 0;
    }
    default:
      if (v[0] === null) return () => true;
      return partialEnd
        ? (x) => compare(x, low) >= 0 && compare(x, partialEnd) < 0
        : (x) => compare(x, low) === 0;
  }
}

/** Whether the full version `version` ('20.19.0') satisfies the npm range `range`. */
export function satisfies(version, range) {
  const x = filled(parseVersion(version));
  return range.split('||').some((alternative) => {
    const text = alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1');
    if (text === '') return true;
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    if (hyphen) return comparator(`>=${hyphen[1]}`)(x) && comparator(`<=${hyphen[2]}`)(x);
    return text.split(/\s+/).every((part) => comparator(part)(x));
  });
}

/** The oldest version a `>=` range allows ('>=20.19' → '20.19.0'); the project states it so. */
function oldestAllowed(range) {
  const match = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node should be '>=<version>', not '${range}'`);
  return filled(parseVersion(match[1])).join('.');
}

function selfCheck() {
  const cases = [
    ['20.19.0', '>=20.19', true],
    ['20.19.0', '>=22', false],
    ['20.19.0', '>= 0.6', true],
    ['20.19.0', '^20.19.0 || ^22.13.0 || >=24', true],
    ['20.19.0', '^20.20.0 || >=22', false],
    ['20.19.0', '^18.18.0 || ^20.9.0 || >=21.1.0', true],
    ['20.19.0', '16 || 14 >=14.17', false],
    ['14.18.0', '16 || 14 >=14.17', true],
    ['20.19.0', '6.* || 8.* || >= 10.*', true],
    ['20.19.0', '>= 10.x', true],
    ['20.19.0', '20 || >=22', true],
    ['20.19.0', '*', true],
    ['20.19.0', '~20.18.0', false],
    ['20.19.0', '<20', false],
    ['20.19.0', '18 - 20', true],
  ];
  for (const [version, range, expected] of cases) {
    if (satisfies(version, range) !== expected) {
      throw new Error(`check-engines: satisfies('${version}', '${range}') should be ${expected}`);
    }
  }
}

function main() {
  selfCheck();
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const oldest = oldestAllowed(manifest.engines.node);
  const tooNew = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.engines?.node)
    .filter(([, entry]) => !satisfies(oldest, entry.engines.node))
    .map(([path, entry]) => {
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      return `  ${name}@${entry.version} wants node ${entry.engines.node} (${path})`;
    });
  if (tooNew.length > 0) {
    console.error(
      `These packages need a newer Node than package.json's engines (${manifest.engines.node}):\n` +
        `${tooNew.join('\n')}\n` +
        'Pin a version that supports it in package.json "overrides", or raise engines.node.',
    );
    process.exit(1);
  }
  console.log(`Every installed package runs on Node ${oldest} (engines ${manifest.engines.node}).`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
