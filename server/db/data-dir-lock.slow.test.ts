import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

const folder = () => mkdtempSync(join(tmpdir(), 'tf-lock-'));

describe('the DATA_DIR lock', () => {
  it('is taken, refused to a second holder while the first lives, and given back', async () => {
    const dir = folder();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, LOCK_FILE), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(
        `in use by another TableFlow server (process ${child.pid})`,
      );
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('is taken over from a process that was killed', async () => {
    const dir = folder();
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    writeFileSync(join(dir, LOCK_FILE), String(child.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
  });
});
