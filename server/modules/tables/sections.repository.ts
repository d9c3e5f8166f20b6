import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tableSections, tables } from '../../db/schema';

const sectionColumns = {
  id: tableSections.id,
  name: tableSections.name,
  position: tableSections.position,
};

const liveSection = (branchId: string, id: string) =>
  and(
    eq(tableSections.branchId, branchId),
    eq(tableSections.id, id),
    isNull(tableSections.archivedAt),
  );

/** The branch's live sections in their order (position, then name). */
export function listSections(db: DbOrTx, branchId: string) {
  return db
    .select(sectionColumns)
    .from(tableSections)
    .where(and(eq(tableSections.branchId, branchId), isNull(tableSections.archivedAt)))
    .orderBy(asc(tableSections.position), asc(sql`lower(${tableSections.name})`));
}

/**
 * Holds the branch's sections for the rest of the transaction: two managers adding or moving
 * sections at once are taken one after the other, so positions stay 0, 1, 2… and the cap holds.
 */
export async function lockSections(db: DbOrTx, branchId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`tableflow:sections:${branchId}`}))`,
  );
}

export async function findSection(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select(sectionColumns)
    .from(tableSections)
    .where(liveSection(branchId, id));
  return row ?? null;
}

export async function insertSection(
  db: DbOrTx,
  row: { branchId: string; name: string; position: number; createdAt: Date },
) {
  const [section] = await db.insert(tableSections).values(row).returning(sectionColumns);
  return section!;
}

export async function renameSection(db: DbOrTx, branchId: string, id: string, name: string) {
  await db.update(tableSections).set({ name }).where(liveSection(branchId, id));
}

/** Writes 0, 1, 2… as the positions of `ids`, in that order (only those that change). */
export async function setPositions(
  db: DbOrTx,
  branchId: string,
  ids: readonly string[],
  current: ReadonlyMap<string, number>,
) {
  for (const [position, id] of ids.entries()) {
    if (current.get(id) !== position) {
      await db.update(tableSections).set({ position }).where(liveSection(branchId, id));
    }
  }
}

/** Archives a section; its tables are left without a section (listed first). */
export async function archiveSection(db: DbOrTx, branchId: string, id: string, at: Date) {
  await db.update(tableSections).set({ archivedAt: at }).where(liveSection(branchId, id));
  await db
    .update(tables)
    .set({ sectionId: null })
    .where(and(eq(tables.branchId, branchId), eq(tables.sectionId, id)));
}

/** The live tables in any of these sections (whose cards change with them). */
export async function tableIdsIn(db: DbOrTx, branchId: string, sectionIds: readonly string[]) {
  if (sectionIds.length === 0) return [];
  const rows = await db
    .select({ id: tables.id })
    .from(tables)
    .where(
      and(
        eq(tables.branchId, branchId),
        inArray(tables.sectionId, [...sectionIds]),
        isNull(tables.archivedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** Records a demo's sections as given (ids and times are the seed's). */
export async function insertSections(db: DbOrTx, rows: (typeof tableSections.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(tableSections).values(rows);
}
