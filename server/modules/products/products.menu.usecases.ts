import type { z } from 'zod';
import { DEFAULT_QUICK_NOTES } from '../../../shared/menu';
import type {
  MenuSettings,
  menuOrderBodySchema,
  menuSettingsBodySchema,
} from '../../../shared/schemas/menu.schemas';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { publishBranchEvent } from '../../lib/events';
import { orderedProductNotFound } from './products.errors';
import * as repo from './products.menu.repository';
import * as productsRepo from './products.repository';

/** The menu's order and the branch's menu settings (docs/menu.md). */

type MenuOrderInput = z.output<typeof menuOrderBodySchema>;
type MenuSettingsInput = z.output<typeof menuSettingsBodySchema>;

/**
 * Menu order: the subcategories listed take places 0..n (the others follow by name), the
 * products listed take their index as position within their subcategory. A product id that is
 * not one of this branch's answers 404 naming it, and nothing is written.
 */
export async function setMenuOrder({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: MenuOrderInput }): Promise<void> {
  const now = clock();
  // 'Dosa' and 'dosa' are one subcategory: the first listed counts.
  const seen = new Set<string>();
  const subcategories = (input.subcategories ?? []).filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const productIds = [...new Set(input.productIds ?? [])];
  await db.transaction(async (tx) => {
    const found = new Set(await productsRepo.productIdsOfBranch(tx, branchId, productIds));
    const missing = (input.productIds ?? []).findIndex((id) => !found.has(id));
    if (missing !== -1) throw orderedProductNotFound(`productIds.${missing}`);
    await repo.replaceSubcategoryPositions(tx, branchId, subcategories);
    await productsRepo.setProductPositions(tx, branchId, productIds);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'menu.order',
      entity: 'menu',
      entityId: null,
      data: {
        ...(input.subcategories ? { subcategories } : {}),
        ...(input.productIds ? { productIds } : {}),
      },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
  });
}

export async function getMenuSettings({
  db,
  branchId,
}: {
  db: DbOrTx;
  branchId: string;
}): Promise<MenuSettings> {
  const row = await repo.findMenuSettings(db, branchId);
  return row ?? { quickNotes: [...DEFAULT_QUICK_NOTES], soldOutUntilNextDay: false };
}

export async function saveMenuSettings({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: MenuSettingsInput }): Promise<MenuSettings> {
  const now = clock();
  await db.transaction(async (tx) => {
    const before = await getMenuSettings({ db: tx, branchId });
    await repo.upsertMenuSettings(tx, branchId, { ...input, updatedAt: now });
    const changes: Record<string, unknown> = {};
    if (JSON.stringify(before.quickNotes) !== JSON.stringify(input.quickNotes)) {
      changes.quickNotes = { from: before.quickNotes, to: input.quickNotes };
    }
    if (before.soldOutUntilNextDay !== input.soldOutUntilNextDay) {
      changes.soldOutUntilNextDay = {
        from: before.soldOutUntilNextDay,
        to: input.soldOutUntilNextDay,
      };
    }
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'menu.settings',
      entity: 'menu',
      entityId: null,
      data: changes,
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
  });
  return getMenuSettings({ db, branchId });
}

/**
 * A product's choices now, for the words of a refused tap (tables' refusal): its name and
 * whether it is sold out, its live variants (sold out or not), the live add-on groups it offers
 * with their live options, in the picker's order; null for a product not on sale.
 */
export function productChoices({
  db,
  branchId,
  productId,
  now,
}: {
  db: DbOrTx;
  branchId: string;
  productId: string;
  now: Date;
}) {
  return productsRepo.findChoices(db, branchId, productId, now);
}
