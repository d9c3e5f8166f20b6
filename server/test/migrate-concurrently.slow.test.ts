import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/client';
import { startServerProcess, type ServerProcess } from './server-process';
import { createThrowawayDatabase } from './throwaway-database';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)(
  'two servers starting at once on an empty PostgreSQL database',
  () => {
    let servers: ServerProcess[] = [];
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await drop?.();
    });

    it('both come up healthy, with every migration applied once and the demo seeded once', async () => {
      const created = await createThrowawayDatabase(databaseUrl!);
      drop = created.drop;

      const env = { DATABASE_URL: created.url, SEED_DEMO: 'true' };
      const starting = [startServerProcess(env), startServerProcess(env)];
      servers = (await Promise.allSettled(starting)).flatMap((started) =>
        started.status === 'fulfilled' ? [started.value] : [],
      );
      await Promise.all(starting);
      for (const server of servers) {
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(200);
      }

      const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8'));
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        const migrations = await client.query(
          'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
        );
        expect(migrations.rows[0]).toEqual({
          applied: journal.entries.length,
          distinct: journal.entries.length,
        });
        const admins = await client.query(
          "select count(*)::int as count from users where role = 'super_admin'",
        );
        expect(admins.rows[0].count).toBe(1);
      } finally {
        await client.end();
      }
    }, 30_000);
  },
);
