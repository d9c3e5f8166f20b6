import type { FastifyInstance } from 'fastify';
import { createBranchFixture, loginAs, type BranchFixture } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests of one signed-in user: its session cookie goes with each. */
export function callsAs(app: FastifyInstance, cookie: string) {
  return (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

export interface TwoBranches<Api> {
  t: TestApp;
  mine: BranchFixture;
  other: BranchFixture;
  /** Signed in to `mine`. */
  manager: Api;
  staff: Api;
  /** The manager of `other`: for tenant isolation. */
  theirs: Api;
}

/**
 * A test app with two branches and their users signed in, each wrapped by `as` (a module's
 * API client, e.g. inventory's apiAs).
 */
export async function createTwoBranchApp<Api>(
  as: (app: FastifyInstance, cookie: string) => Api,
): Promise<TwoBranches<Api>> {
  const t = await createTestApp();
  const mine = await createBranchFixture(t.database.db);
  const other = await createBranchFixture(t.database.db);
  return {
    t,
    mine,
    other,
    manager: as(t.app, await loginAs(t.app, mine.manager.email)),
    staff: as(t.app, await loginAs(t.app, mine.staff.email)),
    theirs: as(t.app, await loginAs(t.app, other.manager.email)),
  };
}
