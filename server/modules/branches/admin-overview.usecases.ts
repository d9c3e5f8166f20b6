import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AdminOverview } from '../../../shared/schemas/branches.schemas';
import { listDemoRequestViews } from '../demo-requests/demo-requests.usecases';
import { listBranches } from './branches.repository';
import { branchView } from './branches.usecases';

const ENDING_SOON_DAYS = 7;

/** The super admin's dashboard: what needs a call today (plans ending) and new leads. */
export async function adminOverview({
  db,
  clock,
}: {
  db: Db;
  clock: Clock;
}): Promise<AdminOverview> {
  const now = clock();
  const views = (await listBranches(db)).map((row) => branchView(row, now));
  const byState = (state: string) => views.filter((b) => b.status.state === state).length;
  const endingSoon = views
    .filter((b) => b.status.state === 'active' && (b.status.daysLeft ?? 0) <= ENDING_SOON_DAYS)
    .sort((a, b) => (a.status.daysLeft ?? 0) - (b.status.daysLeft ?? 0));
  const { items: latestDemoRequests } = await listDemoRequestViews(db, { limit: 5, offset: 0 });
  return {
    branches: {
      total: views.length,
      notActiveYet: byState('not_active_yet'),
      active: byState('active'),
      expired: byState('expired'),
      deactivated: byState('deactivated'),
    },
    endingSoon,
    latestDemoRequests,
  };
}
