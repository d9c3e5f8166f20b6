import type { DuesReport } from '../../../shared/schemas/payments-report.schemas';
import type { Db } from '../../db/client';
import * as repo from './dues.repository';

/**
 * The Dues report: a page of the Due bills (newest first, each with what it still owes: its
 * total minus what was paid at the table) and, over all of them, how many there are, the total
 * outstanding, and who owes how much since when. Read in one snapshot, so the page, the count,
 * the total and the groups always agree.
 */
export async function duesReport({
  db,
  branchId,
  search,
  page,
  pageSize,
}: {
  db: Db;
  branchId: string;
  search?: string;
  page: number;
  pageSize: number;
}): Promise<DuesReport> {
  return db.transaction(
    async (tx) => {
      const rows = await repo.listDues(tx, branchId, search, { page, pageSize });
      const groups = await repo.duesByResponsible(tx, branchId, search);
      return {
        page,
        pageSize,
        // Every Due bill is in exactly one group.
        totalRows: groups.reduce((sum, group) => sum + group.billCount, 0),
        rows: rows.map((row) => ({
          ...row,
          status: 'Due' as const,
          // A Due bill always names who owes (bills_due_responsible_check).
          responsible: row.responsible!,
          createdAt: row.createdAt.toISOString(),
        })),
        totalOutstandingPaise: groups.reduce((sum, group) => sum + group.outstandingPaise, 0),
        byResponsible: groups.map((group) => ({ ...group, since: group.since.toISOString() })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
