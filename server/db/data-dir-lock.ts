import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/** The file in DATA_DIR that says which server process holds the embedded database. */
export const LOCK_FILE = 'tableflow.pid';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes DATA_DIR for this process: PGlite takes no lock of its own, and two processes writing
 * one data folder destroy it. A lock left by a process that is gone (killed) is taken over; a
 * live one is refused. Answers the function that gives the folder back.
 * @throws Error naming the process that holds the folder.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new Error(
        `${dir} is in use by another TableFlow server (process ${holder}): one process per ` +
          'DATA_DIR. For several processes use PostgreSQL (DATABASE_URL).',
      );
    }
    rmSync(path, { force: true });
  }
}
