// Crash safety (issue 10): the real server in its own process, on a fresh database (PostgreSQL
// when DATABASE_URL is set, else PGlite in a fresh DATA_DIR), driven by several devices at once
// (taps, payments, stock submissions), killed with SIGKILL at random moments and started again
// on the same database, many times. Then, with every unanswered request sent again, the
// database must hold each answered request exactly once and in full, and nothing half-written
// (server/test/crash-safety.checks.ts). CRASH_SEED=<n> replays a run's requests and kill
// moments (the interleaving still depends on timing); CRASH_KILLS=<n> changes the number of kills.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database, type Db } from '../db/client';
import {
  ingredients,
  productIngredients,
  products,
  tables,
  vendorItems,
  vendors,
} from '../db/schema';
import { createRng } from '../demo/seed';
import { crashSafetyProblems } from './crash-safety.checks';
import { CrashDevice, CrashWorld, signIn, type CrashMenu } from './crash-safety.clients';
import { createBranchFixture, PASSWORD } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';
import { createThrowawayDatabase } from './throwaway-database';

const SEED = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
/** How long the devices work before each kill, after every one of them has had an answer (ms). */
const LOAD_MS = [250, 900] as const;
/** Sends of one unanswered request after the last restart before the test gives up. */
const SETTLE_ATTEMPTS = 5;
const INITIAL_STOCK = 1_000_000;

/** The database the server runs on: its environment, and a connection for the test. */
interface Store {
  engine: 'PostgreSQL' | 'PGlite';
  env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function createStore(): Promise<Store> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await createThrowawayDatabase(serverUrl);
    return {
      engine: 'PostgreSQL',
      env: { DATABASE_URL: created.url },
      open: () => openDatabase({ databaseUrl: created.url, poolSize: 2 }),
      remove: created.drop,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tableflow-crash-'));
  return {
    engine: 'PGlite',
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    // PGlite holds its folder alone: the test opens it only while the server is down.
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A branch with a menu of recipes, the stock it uses, a vendor of it, a table per device and
 * one table they all add to.
 */
async function createCrashFixture(db: Db, deviceCount: number) {
  const branch = await createBranchFixture(db, {
    activeDate: '2020-01-01',
    deactiveDate: '2099-12-31',
    numberOfUsers: 10,
    staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
  });
  const { branchId } = branch;
  const stock = await db
    .insert(ingredients)
    .values(
      ['Milk', 'Rice', 'Paneer', 'Tea leaves'].map((name) => ({
        branchId,
        name,
        category: 'Crash',
        unit: 'g' as const,
        quantity: INITIAL_STOCK,
      })),
    )
    .returning({ id: ingredients.id });
  const ingredientIds = stock.map((row) => row.id);
  const menu = await db
    .insert(products)
    .values(
      [
        ['Masala Chai', 2_500],
        ['Paneer Tikka', 24_000],
        ['Veg Biryani', 18_550],
        ['Bottled Water', 2_000],
      ].map(([name, pricePaise]) => ({
        branchId,
        name: name as string,
        pricePaise: pricePaise as number,
        subcategory: 'Crash',
      })),
    )
    .returning({ id: products.id, pricePaise: products.pricePaise });
  // Three products with a recipe of two ingredients; the water has none.
  const recipes = menu.slice(0, 3).flatMap((product, i) => [
    { branchId, productId: product.id, ingredientId: ingredientIds[i]!, quantityUsed: 10 + i },
    { branchId, productId: product.id, ingredientId: ingredientIds[i + 1]!, quantityUsed: 3 },
  ]);
  await db.insert(productIngredients).values(recipes);
  const [vendor] = await db
    .insert(vendors)
    .values({ branchId, name: 'Crash Supplies', contactNo: '9800000000', address: 'Bengaluru' })
    .returning({ id: vendors.id });
  await db
    .insert(vendorItems)
    .values(
      ingredientIds.map((ingredientId) => ({ branchId, vendorId: vendor!.id, ingredientId })),
    );
  const tableRows = await db
    .insert(tables)
    .values(
      ['Shared', ...Array.from({ length: deviceCount }, (_, i) => `Crash ${i + 1}`)].map(
        (label) => ({ branchId, label }),
      ),
    )
    .returning({ id: tables.id });
  const crashMenu: CrashMenu = {
    sharedTableId: tableRows[0]!.id,
    vendorId: vendor!.id,
    ingredientIds,
    products: menu.map((product) => ({
      ...product,
      recipe: recipes
        .filter((row) => row.productId === product.id)
        .map(({ ingredientId, quantityUsed }) => ({ ingredientId, quantityUsed })),
    })),
  };
  return { branch, menu: crashMenu, tableIds: tableRows.slice(1).map((row) => row.id) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The devices work on `server` until each has had an answer (the first requests after a start
 * are slow on a busy machine: the kill must land in the middle of work, not before it) and then
 * `ms` more, when the server is killed with SIGKILL. A device that finds the model broken ends
 * the work at once, and its error is thrown.
 */
async function workThenKill(
  server: ServerProcess,
  devices: CrashDevice[],
  timings: { warmUp: number[] },
  ms: number,
) {
  const begun = Date.now();
  let running = true;
  let warm = 0;
  let warmedUp: () => void = () => undefined;
  const allWarm = new Promise<void>((resolve) => (warmedUp = resolve));
  const work = Promise.all(
    devices.map(async (device) => {
      try {
        while (running && !(await device.step(server.url)));
        if (++warm === devices.length) warmedUp();
        while (running) await device.step(server.url);
      } finally {
        running = false;
      }
    }),
  );
  const failed = work.then(() => undefined);
  await Promise.race([allWarm, failed]);
  timings.warmUp.push(Date.now() - begun);
  await Promise.race([sleep(ms), failed]);
  // No new request from here; the ones on their way are cut off by the kill.
  running = false;
  await server.stop('SIGKILL');
  await work;
}

it('every answered payment, tap and stock submission survives SIGKILLs of the server exactly once, in full, with gapless bill numbers', async () => {
  const store = await createStore();
  let server: ServerProcess | undefined;
  const started = Date.now();
  console.log(`crash safety on ${store.engine}: seed ${SEED} (CRASH_SEED=${SEED} replays it)`);
  try {
    const setup = await store.open();
    await migrateDatabase(setup);
    const users = ['manager', 'manager', 'staff', 'staff', 'staff', 'staff'] as const;
    const fixture = await createCrashFixture(setup.db, users.length);
    await setup.close();
    const world = new CrashWorld(fixture.menu);

    server = await startServerProcess(store.env);
    const devices: CrashDevice[] = [];
    for (const [i, role] of users.entries()) {
      const cookie = await signIn(server.url, fixture.branch[role].email, PASSWORD);
      const rng = createRng(SEED + i + 1);
      devices.push(
        new CrashDevice(`${role} device ${i + 1}`, cookie, fixture.tableIds[i]!, world, rng),
      );
    }

    const killRng = createRng(SEED);
    const timings = { start: [] as number[], warmUp: [] as number[] };
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const begun = Date.now();
      if (kill > 1) server = await startServerProcess(store.env);
      timings.start.push(Date.now() - begun);
      await workThenKill(server, devices, timings, killRng.int(...LOAD_MS));
    }

    // One more start: every request still unanswered is sent again until it is answered.
    server = await startServerProcess(store.env);
    for (const device of devices) {
      for (let attempt = 1; device.waiting; attempt += 1) {
        if (attempt > SETTLE_ATTEMPTS) throw new Error(`${device.name} got no answer`);
        await device.step(server.url);
      }
    }
    await server.stop('SIGKILL');

    const check = await store.open();
    let problems: string[];
    try {
      problems = await crashSafetyProblems(check.db, {
        branchId: fixture.branch.branchId,
        world,
        devices,
        initialStock: new Map(fixture.menu.ingredientIds.map((id) => [id, INITIAL_STOCK])),
      });
    } finally {
      await check.close();
    }
    const { counts } = world;
    console.log(
      `crash safety on ${store.engine}: ${KILLS + 1} kills in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `answered ${JSON.stringify(counts.answered)}, sent again after a kill ${JSON.stringify(counts.unanswered)} ` +
        `(applied before it: ${JSON.stringify(counts.appliedBeforeKill)}), repeats ${JSON.stringify(counts.repeated)}; ` +
        `${world.bills.size} bills; starts took ${timings.start.join(' ')} ms, first answers ${timings.warmUp.join(' ')} ms`,
    );
    expect(problems, `seed ${SEED}`).toEqual([]);
    // The kills did land mid-work: requests were cut off without an answer.
    expect(Object.values(counts.unanswered).reduce((a, n) => a + n, 0)).toBeGreaterThan(0);
  } catch (error) {
    // Its log to the last line (a failed request is logged after its answer).
    await server?.stop('SIGTERM');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `crash safety on ${store.engine} failed (replay: CRASH_SEED=${SEED}): ${message}` +
        (server ? `\nserver output:\n${server.output().slice(-4000)}` : ''),
      { cause: error },
    );
  } finally {
    await server?.stop('SIGKILL');
    await store.remove();
  }
}, 480_000);
