// The kitchen's stations, routes and settings as stored (kitchen.settings.usecases.ts).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { kitchenSettings, kitchenStations, products, subcategoryStations } from '../../db/schema';

// ---------------------------------------------------------------------------------------------
// Stations, routes, settings
// ---------------------------------------------------------------------------------------------

const stationColumns = {
  id: kitchenStations.id,
  name: kitchenStations.name,
  position: kitchenStations.position,
};

/** The branch's live stations in their order (position, then name). */
export function liveStations(db: DbOrTx, branchId: string) {
  return db
    .select(stationColumns)
    .from(kitchenStations)
    .where(and(eq(kitchenStations.branchId, branchId), isNull(kitchenStations.archivedAt)))
    .orderBy(asc(kitchenStations.position), asc(kitchenStations.name), asc(kitchenStations.id));
}

/** A station of the branch (archived too, with `archived`: tickets name it). */
export async function findStation(db: DbOrTx, branchId: string, stationId: string) {
  const [row] = await db
    .select({ ...stationColumns, archivedAt: kitchenStations.archivedAt })
    .from(kitchenStations)
    .where(and(eq(kitchenStations.branchId, branchId), eq(kitchenStations.id, stationId)));
  return row ?? null;
}

export async function insertStation(
  db: DbOrTx,
  row: { branchId: string; name: string; position: number; createdAt: Date },
) {
  const [station] = await db.insert(kitchenStations).values(row).returning(stationColumns);
  return station!;
}

export async function updateStation(
  db: DbOrTx,
  branchId: string,
  stationId: string,
  values: { name: string; position: number },
) {
  const [row] = await db
    .update(kitchenStations)
    .set(values)
    .where(
      and(
        eq(kitchenStations.branchId, branchId),
        eq(kitchenStations.id, stationId),
        isNull(kitchenStations.archivedAt),
      ),
    )
    .returning(stationColumns);
  return row ?? null;
}

/** Archives a live station and drops its routes (its subcategories go to the first station). */
export async function archiveStation(db: DbOrTx, branchId: string, stationId: string, at: Date) {
  const [row] = await db
    .update(kitchenStations)
    .set({ archivedAt: at })
    .where(
      and(
        eq(kitchenStations.branchId, branchId),
        eq(kitchenStations.id, stationId),
        isNull(kitchenStations.archivedAt),
      ),
    )
    .returning({ id: kitchenStations.id, name: kitchenStations.name });
  if (row) {
    await db
      .delete(subcategoryStations)
      .where(
        and(
          eq(subcategoryStations.branchId, branchId),
          eq(subcategoryStations.stationId, stationId),
        ),
      );
  }
  return row ?? null;
}

/** The routes to live stations, by subcategory. */
export function routes(db: DbOrTx, branchId: string) {
  return db
    .select({
      subcategory: subcategoryStations.subcategory,
      stationId: subcategoryStations.stationId,
    })
    .from(subcategoryStations)
    .innerJoin(
      kitchenStations,
      and(
        eq(kitchenStations.branchId, subcategoryStations.branchId),
        eq(kitchenStations.id, subcategoryStations.stationId),
        isNull(kitchenStations.archivedAt),
      ),
    )
    .where(eq(subcategoryStations.branchId, branchId))
    .orderBy(asc(subcategoryStations.subcategory));
}

export async function replaceRoutes(
  db: DbOrTx,
  branchId: string,
  rows: { subcategory: string; stationId: string }[],
) {
  await db.delete(subcategoryStations).where(eq(subcategoryStations.branchId, branchId));
  if (rows.length > 0) {
    await db.insert(subcategoryStations).values(rows.map((row) => ({ branchId, ...row })));
  }
}

/** The subcategories of the branch's live products, by name. */
export async function subcategories(db: DbOrTx, branchId: string) {
  const rows = await db
    .selectDistinct({ name: products.subcategory })
    .from(products)
    .where(and(eq(products.branchId, branchId), isNull(products.archivedAt)))
    .orderBy(asc(products.subcategory));
  return rows.map((row) => row.name);
}

export async function findSettings(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({
      autoSendOnLeave: kitchenSettings.autoSendOnLeave,
      amberAfterMinutes: kitchenSettings.amberAfterMinutes,
      redAfterMinutes: kitchenSettings.redAfterMinutes,
      voidReasons: kitchenSettings.voidReasons,
    })
    .from(kitchenSettings)
    .where(eq(kitchenSettings.branchId, branchId));
  return row ?? null;
}

export async function saveSettings(
  db: DbOrTx,
  branchId: string,
  values: {
    autoSendOnLeave: boolean;
    amberAfterMinutes: number;
    redAfterMinutes: number;
    voidReasons: string[];
  },
  at: Date,
) {
  await db
    .insert(kitchenSettings)
    .values({ branchId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: kitchenSettings.branchId, set: { ...values, updatedAt: at } });
}

/**
 * Per live table with an open order: the quantities its current order's KOTs (made since the
 * table's opened_at) still have cooking and have ready (cancelled items left out).
 */
