import { and, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { managerPins, pinAttempts } from '../../db/schema';

/** Managers' approval PINs and the wrong PINs that lock them (auth.pin.usecases.ts). */

/** A user's PIN hash and when it was set; null when they have none. */
export async function findPin(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ pinHash: managerPins.pinHash, updatedAt: managerPins.updatedAt })
    .from(managerPins)
    .where(eq(managerPins.userId, userId));
  return row ?? null;
}

/** Sets (or replaces) a user's PIN hash; its failures and lock start again. */
export async function upsertPin(db: DbOrTx, userId: string, pinHash: string, at: Date) {
  await db
    .insert(managerPins)
    .values({ userId, pinHash, updatedAt: at })
    .onConflictDoUpdate({
      target: managerPins.userId,
      set: { pinHash, updatedAt: at },
    });
}

/** Which of these users have a PIN. */
export async function usersWithPin(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: managerPins.userId })
    .from(managerPins)
    .where(inArray(managerPins.userId, userIds));
  return new Set(rows.map((row) => row.userId));
}

/** Who typed a manager's PIN, where: a person (the signed-in user) on a device (a session). */
export interface PinTyper {
  managerId: string;
  userId: string;
  device: string;
}

const typerIs = (typer: PinTyper) =>
  and(
    eq(pinAttempts.managerId, typer.managerId),
    eq(pinAttempts.userId, typer.userId),
    eq(pinAttempts.device, typer.device),
  );

/**
 * The typer's failures in a row on this device, their row locked FOR UPDATE (made first when
 * missing): parallel attempts of one person on one device queue here, each seeing the ones
 * before it. `lockedUntil` is the latest lock of this person on any device.
 */
export async function lockPinAttempts(db: DbOrTx, typer: PinTyper) {
  await db.insert(pinAttempts).values(typer).onConflictDoNothing();
  const [row] = await db
    .select({ failedAttempts: pinAttempts.failedAttempts })
    .from(pinAttempts)
    .where(typerIs(typer))
    .for('update');
  const [lock] = await db
    .select({ lockedUntil: max(pinAttempts.lockedUntil) })
    .from(pinAttempts)
    .where(and(eq(pinAttempts.managerId, typer.managerId), eq(pinAttempts.userId, typer.userId)));
  return { failedAttempts: row?.failedAttempts ?? 0, lockedUntil: lock?.lockedUntil ?? null };
}

/** Records a PIN check's outcome for the typer on this device: failures in a row, the lock. */
export async function setPinAttempts(
  db: DbOrTx,
  typer: PinTyper,
  failedAttempts: number,
  lockedUntil: Date | null,
) {
  await db
    .update(pinAttempts)
    .set({ failedAttempts, lockedUntil, updatedAt: new Date() })
    .where(typerIs(typer));
}
