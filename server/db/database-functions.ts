// The database's functions and triggers are source: each has one current definition, with its
// explanation, in a `server/modules/<module>/<module>.functions.sql` of the module that owns it
// (statements split by drizzle's `--> statement-breakpoint`, each idempotent: CREATE OR REPLACE
// FUNCTION, CREATE OR REPLACE TRIGGER). Migrations are history: a migration carries the
// definitions to the database, and a committed one never changes (migrations.lock.json).
//
// To change a function or trigger: edit its source file, then add a migration that carries it
// (`npx drizzle-kit generate --custom --name=<what>`, then
// `npx tsx server/db/database-functions.ts > server/db/migrations/<that file>.sql`, which
// writes every source file, or keep only the files that changed), and add the new migration's
// checksum to migrations.lock.json. server/db/database-functions.test.ts fails while a migrated
// database differs from the source files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MODULES = join(REPOSITORY_ROOT, 'server/modules');
const LIB = join(REPOSITORY_ROOT, 'server/lib');

export const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

export interface FunctionSource {
  /** Path from the repository's root, e.g. server/modules/tables/tables.functions.sql. */
  path: string;
  text: string;
  /** Names of the functions it defines. */
  functions: string[];
  /** Triggers it defines, as `<table>.<trigger>`. */
  triggers: string[];
}

const FUNCTION = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:"?public"?\.)?"?(\w+)"?/gi;
const TRIGGER =
  /CREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\s+"?(\w+)"?[\s\S]*?\sON\s+(?:"?public"?\.)?"?(\w+)"?/gi;

/**
 * Every `server/modules/*\/*.functions.sql`, and `server/lib/*.functions.sql` (what belongs to no
 * module: the audit trail), in path order (the order a migration applies them).
 */
export function functionSources(): FunctionSource[] {
  const folders = [LIB];
  for (const module of readdirSync(MODULES, { withFileTypes: true })) {
    if (module.isDirectory()) folders.push(join(MODULES, module.name));
  }
  const sources: FunctionSource[] = [];
  for (const folder of folders) {
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.functions.sql')) continue;
      const full = join(folder, file);
      const text = readFileSync(full, 'utf8');
      const code = withoutComments(text);
      sources.push({
        path: relative(REPOSITORY_ROOT, full),
        text,
        functions: [...code.matchAll(FUNCTION)].map((match) => match[1]!),
        triggers: [...code.matchAll(TRIGGER)].map((match) => `${match[2]}.${match[1]}`),
      });
    }
  }
  return sources.sort((a, b) => a.path.localeCompare(b.path));
}

/** The text without its whole-line `--` comments (a statement's code, to compare two copies). */
export function withoutComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
}

/** A source file's statements, as a migration runs them. */
export function statementsOf(text: string): string[] {
  return text
    .split(STATEMENT_BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => withoutComments(statement).trim() !== '');
}

/** The text of a migration that carries every source file (`prelude` first: drops, say). */
export function functionsMigration(prelude = ''): string {
  const parts = functionSources().map((source) => `-- ${source.path}\n${source.text.trim()}`);
  return [prelude.trim(), ...parts].filter(Boolean).join(`${STATEMENT_BREAKPOINT}\n`) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(functionsMigration());
}
