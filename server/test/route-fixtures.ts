import type { Db } from '../db/client';
import type { BranchFixture } from './fixtures';

/**
 * What the route-access walk (server/test/route-access.test.ts) needs to know of one module's
 * routes. Each module exports one as `routeFixture` from `<module>.route-fixtures.ts`; the walk
 * finds them by file name, so a new module adds a file instead of editing a central switch.
 */
export interface RouteFixture {
  /** Path prefixes this module owns, e.g. ['/api/staff/']. The longest matching prefix wins. */
  prefixes: string[];
  /**
   * An id that exists in another branch (`theirs`), or nowhere for platform routes: calling
   * with it must answer 404, exactly as if it did not exist. Make rows with `db` as needed.
   */
  foreignId(context: { db: Db; theirs: BranchFixture }): Promise<string> | string;
  /** A body that passes validation for this route, so the 404 comes from the lookup. */
  validBody?(method: string, path: string): object;
}
