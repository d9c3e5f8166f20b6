import type { z } from 'zod';
import { addDays, businessDate, startOfBusinessDate } from '../../../shared/dates';
import { DEFAULT_QUICK_NOTES } from '../../../shared/menu';
import type {
  MenuSettings,
  menuOrderBodySchema,
  menuSettingsBodySchema,
  soldOutBodySchema,
} from '../../../shared/schemas/menu.schemas';
import type { Menu, MenuItem } from '../../../shared/schemas/products.schemas';
import type { DbOrTx } from '../../db/client';
import type { Actor, ZonedActor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { publishBranchEvent } from '../../lib/events';
import * as groupsRepo from './addon-groups.repository';
import { orderedProductNotFound, productNotFound, variantNotFound } from './products.errors';
import * as repo from './products.menu.repository';
import * as productsRepo from './products.repository';
import * as variantsRepo from './products.variants.repository';
import { byProduct, groupIdsOf, menuFieldsOf, menuVariantOf } from './products.usecases';

/** The menu's order and settings, the order screen's menu and sold out (86) (docs/menu.md). */

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

type SoldOutInput = z.output<typeof soldOutBodySchema>;

export async function listMenu({
  db,
  branchId,
  now,
}: {
  db: DbOrTx;
  branchId: string;
  now: Date;
}): Promise<Menu> {
  const rows = await productsRepo.listProducts(db, branchId, now);
  const ids = rows.map((row) => row.id);
  const [variants, groupIds, settings] = await Promise.all([
    variantsRepo.liveVariants(db, branchId, ids, now),
    groupIdsOf(db, branchId, ids),
    repo.findMenuSettings(db, branchId),
  ]);
  const usedGroups = [...new Set([...groupIds.values()].flat())];
  const [groups, options] = await Promise.all([
    groupsRepo.groupsByIds(db, branchId, usedGroups),
    groupsRepo.liveOptions(db, branchId, usedGroups),
  ]);
  const variantsOf = byProduct(variants);
  const items = rows.map((row) => menuItemOf(row, variantsOf.get(row.id), groupIds.get(row.id)));
  return {
    items,
    addonGroups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      minChoices: group.minChoices,
      maxChoices: group.maxChoices,
      options: options
        .filter((option) => option.groupId === group.id)
        .map(({ id, name, pricePaise }) => ({ id, name, pricePaise })),
    })),
    subcategories: [...new Set(items.map((item) => item.subcategory))],
    quickNotes: settings?.quickNotes ?? [...DEFAULT_QUICK_NOTES],
  };
}

function menuItemOf(
  row: productsRepo.ProductRow,
  variants: variantsRepo.VariantRow[] | undefined,
  addonGroupIds: string[] | undefined,
): MenuItem {
  return {
    id: row.id,
    name: row.name,
    pricePaise: row.pricePaise,
    subcategory: row.subcategory,
    ...menuFieldsOf(row, addonGroupIds),
    variants: (variants ?? []).map(menuVariantOf),
  };
}

/**
 * Sold out (86): marks a product on sale, or one live variant of it, sold out (until someone
 * turns it back on, or until the start of the branch's next business day when its menu
 * settings say so) or back on sale. Answers the product as the menu shows it.
 */
export async function setSoldOut({
  db,
  clock,
  branchId,
  timeZone,
  userId,
  id,
  input,
}: ZonedActor & { id: string; input: SoldOutInput }): Promise<MenuItem> {
  const now = clock();
  await db.transaction(async (tx) => {
    const current = await productsRepo.lockLiveProduct(tx, branchId, id);
    if (!current) throw productNotFound();
    let variant: { id: string; name: string } | undefined;
    if (input.variantId) {
      variant = (await variantsRepo.lockLiveVariants(tx, branchId, id)).find(
        (row) => row.id === input.variantId,
      );
      if (!variant) throw variantNotFound('variantId');
    }
    let until: Date | 'infinity' | null = null;
    if (input.soldOut) {
      const settings = await repo.findMenuSettings(tx, branchId);
      if (settings?.soldOutUntilNextDay) {
        until = startOfBusinessDate(addDays(businessDate(now, timeZone), 1), timeZone);
      } else {
        until = 'infinity';
      }
    }
    if (variant) await productsRepo.setVariantSoldOut(tx, branchId, variant.id, until);
    else await productsRepo.setProductSoldOut(tx, branchId, id, until);
    await recordAudit(tx, {
      branchId,
      userId,
      action: input.soldOut ? 'product.sold_out' : 'product.back_on_sale',
      entity: 'product',
      entityId: id,
      data: {
        name: current.name,
        ...(variant ? { variantId: variant.id, variant: variant.name } : {}),
        ...(input.soldOut ? { until: until instanceof Date ? until.toISOString() : until } : {}),
      },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
  });
  const row = await productsRepo.findProduct(db, branchId, id, now);
  const [variants, groupIds] = await Promise.all([
    variantsRepo.liveVariants(db, branchId, [id], now),
    groupIdsOf(db, branchId, [id]),
  ]);
  return menuItemOf(row!, variants, groupIds.get(id));
}

/** For billing: the recipe rows of `productIds` with a live ingredient (the stock a sale uses). */
