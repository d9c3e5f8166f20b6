import type { z } from 'zod';
import type {
  AddonGroup,
  AddonGroupList,
  addonGroupBodySchema,
} from '../../../shared/schemas/menu.schemas';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import { costsAtLatestPrice } from '../inventory/inventory.usecases';
import * as repo from './addon-groups.repository';
import { MAX_BRANCH_ADDON_GROUPS } from '../../../shared/menu';
import {
  addonGroupNotFound,
  groupNameTaken,
  optionNotFound,
  tooManyAddonGroups,
} from './products.errors';
import * as variantsRepo from './products.variants.repository';
import { assertLiveIngredients } from './products.write.usecases';
import { recipeRowOf } from './products.usecases';

/**
 * Add-on groups (docs/menu.md): reusable sets of options ("Extras": cheese +₹30; "Spice
 * level": mild / medium / hot) with a minimum and maximum number of choices, offered by
 * products. Options left out of a save and deleted groups are archived, never deleted: open
 * orders and bills name them.
 */

type GroupInput = z.output<typeof addonGroupBodySchema>;

/** The branch's live groups by name, options (with their recipes) in their order. */
export async function listAddonGroups({
  db,
  branchId,
}: {
  db: DbOrTx;
  branchId: string;
}): Promise<AddonGroupList> {
  const groups = await repo.listGroups(db, branchId);
  return { items: await withOptions(db, branchId, groups) };
}

async function withOptions(
  db: DbOrTx,
  branchId: string,
  groups: Awaited<ReturnType<typeof repo.listGroups>>,
): Promise<AddonGroup[]> {
  const options = await repo.liveOptions(
    db,
    branchId,
    groups.map((group) => group.id),
  );
  const recipes = await variantsRepo.choiceRecipeRows(
    db,
    branchId,
    options.map((option) => option.id),
  );
  const costs = await costsAtLatestPrice(
    db,
    branchId,
    recipes.map((row) => ({ ingredientId: row.ingredientId, quantity: row.quantityUsed })),
  );
  const costed = recipes.map((row, index) => ({ row, costPaise: costs[index]! }));
  return groups.map((group) => ({
    ...group,
    options: options
      .filter((option) => option.groupId === group.id)
      .map((option) => ({
        id: option.id,
        name: option.name,
        pricePaise: option.pricePaise,
        ingredients: costed.filter((entry) => entry.row.choiceId === option.id).map(recipeRowOf),
      })),
  }));
}

async function getAddonGroup(db: DbOrTx, branchId: string, id: string): Promise<AddonGroup> {
  const group = (await repo.listGroups(db, branchId)).filter((row) => row.id === id);
  if (group.length === 0) throw addonGroupNotFound();
  return (await withOptions(db, branchId, group))[0]!;
}

/** Every option recipe row with its field in the body. */
const placedRows = (input: GroupInput) =>
  input.options.flatMap((option, o) =>
    option.ingredients.map((row, index) => ({
      ingredientId: row.ingredientId,
      field: `options.${o}.ingredients.${index}.ingredientId`,
    })),
  );

interface OptionForAudit {
  id: string;
  name: string;
  pricePaise: number;
  ingredients: { ingredientId: string; quantityUsed: number }[];
}

/**
 * Writes the options listed, in their order: those with an id are kept (they must be live
 * options of this group), the others inserted, live ones left out archived. Each one's recipe
 * replaced.
 */
async function writeOptions(
  tx: DbOrTx,
  branchId: string,
  groupId: string,
  options: GroupInput['options'],
  now: Date,
): Promise<OptionForAudit[]> {
  const current = (await repo.liveOptions(tx, branchId, [groupId])).map((option) => option.id);
  const live = new Set(current);
  const kept = new Set<string>();
  options.forEach((option, index) => {
    if (!option.id) return;
    if (!live.has(option.id) || kept.has(option.id)) throw optionNotFound(`options.${index}.id`);
    kept.add(option.id);
  });
  await repo.archiveOptions(
    tx,
    branchId,
    current.filter((id) => !kept.has(id)),
    now,
  );
  await repo.parkOptions(tx, branchId, [...kept]);
  const written: OptionForAudit[] = [];
  for (const [position, option] of options.entries()) {
    const values = { name: option.name, pricePaise: option.pricePaise, position };
    let id = option.id;
    if (id) await repo.updateOption(tx, branchId, id, values);
    else id = await repo.insertOption(tx, { branchId, groupId, ...values });
    await variantsRepo.replaceChoiceRecipe(tx, branchId, { optionId: id }, option.ingredients);
    written.push({
      id,
      name: option.name,
      pricePaise: option.pricePaise,
      ingredients: option.ingredients.map(({ ingredientId, quantityUsed }) => ({
        ingredientId,
        quantityUsed,
      })),
    });
  }
  return written;
}

/** A name taken meanwhile by another save answers as the check before it does. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'addon_groups_name_unique') throw groupNameTaken();
    throw error;
  }
}

export async function addAddonGroup({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: GroupInput }): Promise<AddonGroup> {
  const now = clock();
  const rows = placedRows(input);
  const id = await nameChecked(() =>
    db.transaction(async (tx) => {
      if ((await repo.countLiveGroupsLocked(tx, branchId)) >= MAX_BRANCH_ADDON_GROUPS) {
        throw tooManyAddonGroups();
      }
      if (await repo.groupWithName(tx, branchId, input.name, null)) throw groupNameTaken();
      input.options.forEach((option, index) => {
        if (option.id) throw optionNotFound(`options.${index}.id`);
      });
      await assertLiveIngredients(tx, branchId, rows);
      const id = await repo.insertGroup(tx, {
        branchId,
        name: input.name,
        minChoices: input.minChoices,
        maxChoices: input.maxChoices,
        createdAt: now,
        updatedAt: now,
      });
      const options = await writeOptions(tx, branchId, id, input.options, now);
      await assertLiveIngredients(tx, branchId, rows);
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'addon_group.create',
        entity: 'addon_group',
        entityId: id,
        data: {
          name: input.name,
          minChoices: input.minChoices,
          maxChoices: input.maxChoices,
          options,
        },
        at: now,
      });
      await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
      return id;
    }),
  );
  return getAddonGroup(db, branchId, id);
}

export async function editAddonGroup({
  db,
  clock,
  branchId,
  userId,
  id,
  input,
}: Actor & { id: string; input: GroupInput }): Promise<AddonGroup> {
  const now = clock();
  const rows = placedRows(input);
  await nameChecked(() =>
    db.transaction(async (tx) => {
      const current = await repo.lockLiveGroup(tx, branchId, id);
      if (!current) throw addonGroupNotFound();
      if (await repo.groupWithName(tx, branchId, input.name, id)) throw groupNameTaken();
      await assertLiveIngredients(tx, branchId, rows);
      const before = (await withOptions(tx, branchId, [{ ...current, productCount: 0 }]))[0]!;
      await repo.updateGroup(tx, branchId, id, {
        name: input.name,
        minChoices: input.minChoices,
        maxChoices: input.maxChoices,
        updatedAt: now,
      });
      const options = await writeOptions(tx, branchId, id, input.options, now);
      await assertLiveIngredients(tx, branchId, rows);
      const changes: Record<string, unknown> = {};
      for (const key of ['name', 'minChoices', 'maxChoices'] as const) {
        if (current[key] !== input[key]) changes[key] = { from: current[key], to: input[key] };
      }
      const optionsBefore = before.options.map((option) => ({
        id: option.id,
        name: option.name,
        pricePaise: option.pricePaise,
        ingredients: option.ingredients.map(({ ingredientId, quantityUsed }) => ({
          ingredientId,
          quantityUsed,
        })),
      }));
      const key = (list: OptionForAudit[]) =>
        JSON.stringify(
          list.map((option) => ({
            ...option,
            ingredients: [...option.ingredients].sort((a, b) =>
              a.ingredientId.localeCompare(b.ingredientId),
            ),
          })),
        );
      if (key(optionsBefore) !== key(options)) {
        changes.options = { from: optionsBefore, to: options };
      }
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'addon_group.update',
        entity: 'addon_group',
        entityId: id,
        data: changes,
        at: now,
      });
      await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
    }),
  );
  return getAddonGroup(db, branchId, id);
}

/** Delete: the group is archived and taken off every product that offered it. */
export async function archiveAddonGroup({
  db,
  clock,
  branchId,
  userId,
  id,
}: Actor & { id: string }): Promise<void> {
  const now = clock();
  await db.transaction(async (tx) => {
    const current = await repo.lockLiveGroup(tx, branchId, id);
    if (!current) throw addonGroupNotFound();
    await repo.updateGroup(tx, branchId, id, { archivedAt: now, updatedAt: now });
    await repo.detachGroup(tx, branchId, id);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'addon_group.archive',
      entity: 'addon_group',
      entityId: id,
      data: { name: current.name },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'menu.changed' });
  });
}
