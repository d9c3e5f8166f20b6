import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { keepPlannerStatistics } from './statistics';

const onPostgres = process.env.DATABASE_URL !== undefined;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** What the planner believes the demo_requests table holds (-1: never analysed). */
async function plannerRows(): Promise<number> {
  const result = await database.db.execute(
    sql`select reltuples::int as n from pg_class where relname = 'demo_requests'`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

it.skipIf(onPostgres)(
  'gathers the embedded database’s statistics at once and again every period',
  async () => {
    const insert = (count: number) =>
      database.db
        .execute(sql`insert into demo_requests (id, name, business_name, contact_number, email)
        select gen_random_uuid(), 'Ravi', 'Cafe', '9876543210', 'ravi@example.com'
        from generate_series(1, ${count}::int)`);
    await insert(300);
    expect(await plannerRows()).toBe(-1);

    const errors: unknown[] = [];
    const statistics = keepPlannerStatistics(database, (error) => errors.push(error), 200);
    await statistics.ready;
    expect(await plannerRows()).toBe(300);

    await insert(200);
    await expect.poll(plannerRows, { timeout: 5_000, interval: 50 }).toBe(500);
    statistics.stop();
    expect(errors).toEqual([]);
  },
);

it.runIf(onPostgres)(
  'leaves a PostgreSQL server to its autovacuum, and its connections compile no query (jit off)',
  async () => {
    const statistics = keepPlannerStatistics(database, () => undefined, 50);
    await statistics.ready;
    statistics.stop();
    expect(await plannerRows()).toBe(-1);
    const jit = await database.db.execute(sql`select current_setting('jit') as jit`);
    expect((jit as unknown as { rows: { jit: string }[] }).rows[0]!.jit).toBe('off');
  },
);
