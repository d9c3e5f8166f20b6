import {
  DEFAULT_COMPLIMENTARY_LIMIT_PAISE,
  DEFAULT_COMPLIMENTARY_REASONS,
} from '../../../shared/complimentary';
import type {
  ComplimentaryReport,
  ComplimentarySettings,
} from '../../../shared/schemas/complimentary.schemas';
import type { IsoDate } from '../../../shared/dates';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { reportRange, type ReportReader } from '../reports/orders.usecases';
import * as repo from './complimentary.repository';

/** The branch's reasons and approval limit (shared/complimentary.ts's until the manager saves). */
export async function complimentarySettingsOf(
  db: DbOrTx,
  branchId: string,
): Promise<ComplimentarySettings> {
  return (
    (await repo.findSettings(db, branchId)) ?? {
      reasons: [...DEFAULT_COMPLIMENTARY_REASONS],
      limitPaise: DEFAULT_COMPLIMENTARY_LIMIT_PAISE,
    }
  );
}

/** PUT /api/complimentary/settings: the manager's list and limit, audited. */
export async function saveComplimentarySettings({
  db,
  clock,
  branchId,
  userId,
  settings,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
  settings: ComplimentarySettings;
}): Promise<ComplimentarySettings> {
  return db.transaction(async (tx) => {
    const before = await complimentarySettingsOf(tx, branchId);
    await repo.saveSettings(tx, branchId, settings);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'complimentary.settings',
      entity: 'branch',
      entityId: branchId,
      data: { from: before, to: settings },
      at: clock(),
    });
    return settings;
  });
}

/**
 * GET /api/reports/complimentary: what the branch gave over the range (its business days, the
 * branch's today by default), by reason, who gave it and who approved it, at menu prices.
 */
export async function complimentaryReport(
  reader: ReportReader,
  query: { from?: IsoDate; to?: IsoDate },
): Promise<ComplimentaryReport> {
  const range = { branchId: reader.branchId, ...reportRange(reader, query) };
  const rows = (await repo.complimentaryByReason(reader.db, range)).map((row) => ({
    ...row,
    reason: row.reason ?? '',
  }));
  return {
    from: range.from,
    to: range.to,
    rows,
    items: rows.reduce((sum, row) => sum + row.items, 0),
    valuePaise: rows.reduce((sum, row) => sum + row.valuePaise, 0),
  };
}
