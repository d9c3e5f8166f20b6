import type { z } from 'zod';
import type {
  BranchSettings,
  branchSettingsBodySchema,
} from '../../../shared/schemas/billing.schemas';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import * as repo from './branches.repository';

/** The branch's details its manager edits (Settings) and bills print: name, address, GSTIN. */
export async function getBranchSettings({
  db,
  branchId,
}: {
  db: DbOrTx;
  branchId: string;
}): Promise<BranchSettings> {
  return (await repo.findBranchSettings(db, branchId))!;
}

export async function updateBranchSettings({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: z.output<typeof branchSettingsBodySchema> }): Promise<BranchSettings> {
  return db.transaction(async (tx) => {
    const before = await getBranchSettings({ db: tx, branchId });
    await repo.updateBranchSettings(tx, branchId, input);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'branch.settings',
      entity: 'branch',
      entityId: branchId,
      data: { from: before, to: input },
      at: clock(),
    });
    return getBranchSettings({ db: tx, branchId });
  });
}
