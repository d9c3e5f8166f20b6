// The golden files of receipts (escpos/golden): a readable dump of the commands, compared in the
// unit tests. UPDATE_GOLDEN=1 npx vitest run server/modules/printing/escpos rewrites them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { dumpText } from './escpos-dump';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');

/** Compares a receipt's dump with its golden file (written when UPDATE_GOLDEN=1). */
export function expectGolden(name: string, bytes: Uint8Array): void {
  const file = join(GOLDEN_DIR, `${name}.txt`);
  const actual = dumpText(bytes);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) {
    throw new Error(`No golden file ${name}.txt: run with UPDATE_GOLDEN=1 and commit it`);
  }
  expect(actual, `${name}.txt (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(file, 'utf8'));
}
