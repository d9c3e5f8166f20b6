import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/client';
import { createPostgresDatabase } from './test-database';

const databaseUrl = process.env.DATABASE_URL;

/** The server as `npm start` runs it, on its own port; resolves with that port once it listens. */
function startServer(url: string): { child: ChildProcess; port: Promise<number> } {
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '.tmp/no-web',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!databaseUrl)(
  'two servers starting at once on an empty PostgreSQL database',
  () => {
    const children: ChildProcess[] = [];
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await Promise.all(children.map(stop));
      await drop?.();
    });

    it('both come up healthy, with every migration applied once and the demo seeded once', async () => {
      const created = await createPostgresDatabase(databaseUrl!);
      drop = created.drop;

      const servers = [startServer(created.url), startServer(created.url)];
      children.push(...servers.map((s) => s.child));
      const ports = await Promise.all(servers.map((s) => s.port));
      for (const port of ports) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
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
