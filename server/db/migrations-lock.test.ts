import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client';

// A committed migration is history: databases have applied it as it was, and drizzle never
// applies it again, so an edit reaches only new databases (migration 0013 was edited once, and
// a database that had applied its first version lacked the order cap until 0016). This test
// holds the sha256 of every migration file in migrations.lock.json.
const LOCK_FILE = 'server/db/migrations.lock.json';
const lock = JSON.parse(
  readFileSync(new URL('./migrations.lock.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('committed migrations', () => {
  const files = readdirSync(MIGRATIONS_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .sort();

  it('never change: each file has the checksum it was committed with', () => {
    const changed = files.filter(
      (file) => lock[file] && lock[file] !== sha256(join(MIGRATIONS_FOLDER, file)),
    );
    expect(
      changed,
      `${changed.join(', ')} changed after it was committed. A database that applied it keeps ` +
        'what it was: leave it as it was and add a new migration that makes the change ' +
        '(functions and triggers: edit their server/modules/*/*.functions.sql and see ' +
        'server/db/database-functions.ts).',
    ).toEqual([]);
  });

  it('are all in the lock file, and the lock file names no missing one', () => {
    const unlocked = files.filter((file) => !lock[file]);
    expect(
      unlocked,
      `New migration ${unlocked.join(', ')}: add its sha256 to ${LOCK_FILE} in the same commit ` +
        `(${unlocked.map((file) => `"${file}": "${sha256(join(MIGRATIONS_FOLDER, file))}"`).join(', ')}). ` +
        'From then on it never changes.',
    ).toEqual([]);
    const missing = Object.keys(lock).filter((file) => !files.includes(file));
    expect(
      missing,
      `${missing.join(', ')} is in ${LOCK_FILE} but not in the migrations folder: a committed ` +
        'migration is never removed or renamed.',
    ).toEqual([]);
  });

  it('are each in the journal, which drizzle applies them from', () => {
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    expect(journal.entries.map((entry) => `${entry.tag}.sql`).sort()).toEqual(files);
  });
});
