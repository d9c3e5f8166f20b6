import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { menuSettings, subcategoryPositions } from '../../db/schema';

/** The branch's menu settings row; null until it saves its own. */
export async function findMenuSettings(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({
      quickNotes: menuSettings.quickNotes,
      soldOutUntilNextDay: menuSettings.soldOutUntilNextDay,
    })
    .from(menuSettings)
    .where(eq(menuSettings.branchId, branchId));
  return row ?? null;
}

export async function upsertMenuSettings(
  db: DbOrTx,
  branchId: string,
  values: { quickNotes: string[]; soldOutUntilNextDay: boolean; updatedAt: Date },
) {
  await db
    .insert(menuSettings)
    .values({ branchId, ...values })
    .onConflictDoUpdate({ target: menuSettings.branchId, set: values });
}

/**
 * Gives the subcategories listed positions 0..n (any case: 'Dosa' and 'dosa' are one), in place
 * of the branch's positions for those names.
 */
export async function replaceSubcategoryPositions(db: DbOrTx, branchId: string, names: string[]) {
  if (names.length === 0) return;
  await db.delete(subcategoryPositions).where(
    and(
      eq(subcategoryPositions.branchId, branchId),
      inArray(
        sql`lower(${subcategoryPositions.name})`,
        names.map((name) => name.toLowerCase()),
      ),
    ),
  );
  await db
    .insert(subcategoryPositions)
    .values(names.map((name, position) => ({ branchId, name, position })));
}
