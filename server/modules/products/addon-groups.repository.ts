import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addonGroups, addonOptions, productAddonGroups, products } from '../../db/schema';

const liveGroup = (branchId: string) =>
  and(eq(addonGroups.branchId, branchId), isNull(addonGroups.archivedAt));

const groupColumns = {
  id: addonGroups.id,
  name: addonGroups.name,
  minChoices: addonGroups.minChoices,
  maxChoices: addonGroups.maxChoices,
};

/**
 * How many live add-on groups the branch has, counted under a lock of the branch's groups (held
 * to the end of the transaction), so parallel additions cannot pass the limit together.
 */
export async function countLiveGroupsLocked(tx: DbOrTx, branchId: string): Promise<number> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`tableflow:addon_groups:${branchId}`}))`,
  );
  const [row] = await tx.select({ n: count() }).from(addonGroups).where(liveGroup(branchId));
  return row?.n ?? 0;
}

/** The ids among `ids` of live groups of this branch. */
export async function liveGroupIds(db: DbOrTx, branchId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: addonGroups.id })
    .from(addonGroups)
    .where(and(liveGroup(branchId), inArray(addonGroups.id, ids)));
  return rows.map((row) => row.id);
}

/** Live groups of `ids`, by name. */
export function groupsByIds(db: DbOrTx, branchId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(groupColumns)
    .from(addonGroups)
    .where(and(liveGroup(branchId), inArray(addonGroups.id, ids)))
    .orderBy(asc(sql`lower(${addonGroups.name})`), asc(addonGroups.id));
}

/** The branch's live groups by name, each with how many products on sale offer it. */
export function listGroups(db: DbOrTx, branchId: string) {
  const offeredBy = db
    .select({ groupId: productAddonGroups.groupId, n: count().as('n') })
    .from(productAddonGroups)
    .innerJoin(
      products,
      and(
        eq(products.branchId, productAddonGroups.branchId),
        eq(products.id, productAddonGroups.productId),
      ),
    )
    .where(and(eq(productAddonGroups.branchId, branchId), isNull(products.archivedAt)))
    .groupBy(productAddonGroups.groupId)
    .as('offered_by');
  return db
    .select({ ...groupColumns, productCount: sql<number>`coalesce(${offeredBy.n}, 0)::int` })
    .from(addonGroups)
    .leftJoin(offeredBy, eq(offeredBy.groupId, addonGroups.id))
    .where(liveGroup(branchId))
    .orderBy(asc(sql`lower(${addonGroups.name})`), asc(addonGroups.id));
}

/** Live options of `groupIds`, in their order. */
export function liveOptions(db: DbOrTx, branchId: string, groupIds: string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: addonOptions.id,
      groupId: addonOptions.groupId,
      name: addonOptions.name,
      pricePaise: addonOptions.pricePaise,
    })
    .from(addonOptions)
    .where(
      and(
        eq(addonOptions.branchId, branchId),
        inArray(addonOptions.groupId, groupIds),
        isNull(addonOptions.archivedAt),
      ),
    )
    .orderBy(asc(addonOptions.position), asc(addonOptions.id));
}

/** A live group, locked until the transaction ends. */
export async function lockLiveGroup(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select(groupColumns)
    .from(addonGroups)
    .where(and(liveGroup(branchId), eq(addonGroups.id, id)))
    .for('update');
  return row ?? null;
}

/** Another live group of this name, any case (none: null). */
export async function groupWithName(
  db: DbOrTx,
  branchId: string,
  name: string,
  exceptId: string | null,
) {
  const [row] = await db
    .select({ id: addonGroups.id })
    .from(addonGroups)
    .where(
      and(
        liveGroup(branchId),
        eq(sql`lower(${addonGroups.name})`, name.toLowerCase()),
        exceptId ? ne(addonGroups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertGroup(db: DbOrTx, row: typeof addonGroups.$inferInsert) {
  const [inserted] = await db.insert(addonGroups).values(row).returning({ id: addonGroups.id });
  return inserted!.id;
}

export async function updateGroup(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: Partial<typeof addonGroups.$inferInsert>,
) {
  await db
    .update(addonGroups)
    .set(values)
    .where(and(eq(addonGroups.branchId, branchId), eq(addonGroups.id, id)));
}

/** Takes a group off every product that offers it. */
export async function detachGroup(db: DbOrTx, branchId: string, groupId: string) {
  await db
    .delete(productAddonGroups)
    .where(and(eq(productAddonGroups.branchId, branchId), eq(productAddonGroups.groupId, groupId)));
}

export async function insertOption(db: DbOrTx, row: typeof addonOptions.$inferInsert) {
  const [inserted] = await db.insert(addonOptions).values(row).returning({ id: addonOptions.id });
  return inserted!.id;
}

export async function updateOption(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: Partial<typeof addonOptions.$inferInsert>,
) {
  await db
    .update(addonOptions)
    .set(values)
    .where(and(eq(addonOptions.branchId, branchId), eq(addonOptions.id, id)));
}

/** Frees the names of options about to be rewritten (a save may swap two names). */
export async function parkOptions(db: DbOrTx, branchId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(addonOptions)
    .set({ name: sql`${addonOptions.id}::text` })
    .where(and(eq(addonOptions.branchId, branchId), inArray(addonOptions.id, ids)));
}

export async function archiveOptions(db: DbOrTx, branchId: string, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(addonOptions)
    .set({ archivedAt: at })
    .where(and(eq(addonOptions.branchId, branchId), inArray(addonOptions.id, ids)));
}
