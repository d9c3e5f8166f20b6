import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The one way tests and benchmarks make a PostgreSQL database of their own: a new database on the
 * server of `serverUrl` (any database URL of that server: its admin connection goes there), a
 * copy of `template` or empty (no schema at all: what a first start or a restore meets), and its
 * URL. `drop()` removes it, with force (connections still open are ended).
 */
export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(
  serverUrl: string,
  options: { template?: string; prefix?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = `${options.prefix ?? 'tf_test'}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      `create database ${name}${options.template ? ` template ${options.template}` : ''}`,
    );
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Runs `body` with a throwaway database (its URL), dropped afterwards whatever happens. */
export async function withThrowawayDatabase<T>(
  serverUrl: string,
  body: (url: string) => Promise<T>,
  options: { template?: string; prefix?: string } = {},
): Promise<T> {
  const database = await createThrowawayDatabase(serverUrl, options);
  try {
    return await body(database.url);
  } finally {
    await database.drop();
  }
}
