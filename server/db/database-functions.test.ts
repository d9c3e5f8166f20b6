import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { MIGRATIONS_FOLDER, type Database, type DbOrTx } from './client';
import { functionSources, statementsOf, withoutComments } from './database-functions';

// The functions and triggers of a migrated database are exactly those of their source files
// (server/modules/*/*.functions.sql, server/db/database-functions.ts): read as PostgreSQL
// prints them (pg_get_functiondef, pg_get_triggerdef) from the migrated database, then again
// after dropping them all and running the source files in a transaction that is rolled back.

type Definitions = Map<string, string>;

const rows = async (db: DbOrTx, query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: { name: string; def: string }[] }).rows;

const normalised = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

const FUNCTIONS = `
  select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prokind in ('f', 'p')
    and not exists (
      select from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
    )`;
const TRIGGERS = `
  select c.relname || '.' || t.tgname as name, pg_get_triggerdef(t.oid) as def
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and not t.tgisinternal`;

async function definitions(db: DbOrTx): Promise<{ functions: Definitions; triggers: Definitions }> {
  const read = async (query: string) =>
    new Map((await rows(db, query)).map((row) => [row.name, normalised(row.def)]));
  return { functions: await read(FUNCTIONS), triggers: await read(TRIGGERS) };
}

class RolledBack extends Error {}

/** The definitions the source files make, on the migrated schema (nothing of it kept). */
async function fromSources(database: Database) {
  let made: Awaited<ReturnType<typeof definitions>> | undefined;
  try {
    await database.db.transaction(async (tx) => {
      for (const row of await rows(tx, FUNCTIONS)) {
        // CASCADE: their triggers go with them.
        await tx.execute(sql.raw(`drop function ${row.name} cascade`));
      }
      for (const source of functionSources()) {
        for (const statement of statementsOf(source.text)) {
          try {
            await tx.execute(sql.raw(statement));
          } catch (error) {
            throw new Error(`${source.path} does not run: ${String(error)}\n${statement}`, {
              cause: error,
            });
          }
        }
      }
      made = await definitions(tx);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return made!;
}

/** The source file that defines `name` (a function's regprocedure or a `<table>.<trigger>`). */
function sourceOf(name: string): string {
  const bare = name.replace(/\(.*$/, '');
  const source = functionSources().find(
    (file) => file.functions.includes(bare) || file.triggers.includes(name),
  );
  return source?.path ?? 'no source file';
}

/** The first line where two definitions part, for the failure's message. */
function firstDifference(database: string, source: string): string {
  const a = database.split('\n');
  const b = source.split('\n');
  const at = a.findIndex((line, index) => line !== b[index]);
  const line = at === -1 ? a.length : at;
  return `line ${line + 1} of the definition: the database has\n  ${a[line] ?? '(nothing)'}\nthe source has\n  ${b[line] ?? '(nothing)'}`;
}

const HOW =
  'A source file is the current definition and a committed migration never changes: add a ' +
  'migration that carries the source (server/db/database-functions.ts says how).';

describe('database functions and triggers', () => {
  let database: Database;
  let migrated: Awaited<ReturnType<typeof definitions>>;
  let sources: Awaited<ReturnType<typeof definitions>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    migrated = await definitions(database.db);
    sources = await fromSources(database);
  });
  afterAll(async () => database?.close());

  for (const kind of ['functions', 'triggers'] as const) {
    it(`a migrated database has the ${kind} of the source files, each as its source defines it`, () => {
      const problems: string[] = [];
      for (const [name, def] of migrated[kind]) {
        const source = sources[kind].get(name);
        if (source === undefined) {
          problems.push(
            `${name} is in a migrated database but in no server/modules/*/*.functions.sql: put ` +
              'its definition in the source file of the module that owns it (or drop it in a ' +
              'new migration).',
          );
        } else if (source !== def) {
          problems.push(
            `${name} in a migrated database differs from its source ${sourceOf(name)}, at ` +
              `${firstDifference(def, source)}\n${HOW}`,
          );
        }
      }
      for (const name of sources[kind].keys()) {
        if (!migrated[kind].has(name)) {
          problems.push(`${name} of ${sourceOf(name)} is not in a migrated database. ${HOW}`);
        }
      }
      expect(problems, problems.join('\n\n')).toEqual([]);
    });
  }

  it('each function and trigger has one source file', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const source of functionSources()) {
      for (const name of [...new Set([...source.functions, ...source.triggers])]) {
        const other = seen.get(name);
        if (other) twice.push(`${name}: ${other} and ${source.path}`);
        seen.set(name, source.path);
      }
    }
    expect(twice, `Defined in two source files (keep the owner's): ${twice.join('; ')}`).toEqual(
      [],
    );
  });

  it('each statement of a source file was carried to the database by a migration as it is', () => {
    const migrations = readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8'));
    const code = (statement: string) => withoutComments(statement).trim();
    const carried = new Set(migrations.flatMap((text) => statementsOf(text).map(code)));
    const missing = functionSources().flatMap((source) =>
      statementsOf(source.text)
        .filter((statement) => !carried.has(code(statement)))
        .map(
          (statement) =>
            `${source.path}: ${statement.split('\n').find((l) => !l.startsWith('--'))}`,
        ),
    );
    expect(missing, `Not in any migration as written: ${missing.join('\n')}\n${HOW}`).toEqual([]);
  });
});
