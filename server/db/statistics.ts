import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** How often the embedded database's planner statistics are refreshed while the server runs. */
export const STATISTICS_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * PGlite runs no autovacuum, so nothing ever gathers the planner's statistics of an embedded
 * database the server grew itself: the planner then guesses a couple of rows per range, and a
 * year's payments report takes 5 times as long (docs/performance.md). The server runs ANALYZE
 * when it starts and every few hours (a year of a busy branch: under a second). PostgreSQL's
 * own autovacuum does this for a server database, so this does nothing there.
 */
export function keepPlannerStatistics(
  database: Database,
  onError: (error: unknown) => void,
  everyMs = STATISTICS_EVERY_MS,
): { ready: Promise<void>; stop: () => void } {
  if (database.kind !== 'pglite') return { ready: Promise.resolve(), stop: () => undefined };
  const analyze = () => database.db.execute(sql`analyze`).then(() => undefined);
  const timer = setInterval(() => analyze().catch(onError), everyMs);
  timer.unref();
  return { ready: analyze(), stop: () => clearInterval(timer) };
}
