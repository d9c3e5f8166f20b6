// A fixed display: a device (a wall tablet, a counter screen) whose session never ends for
// idleness. It is marked from the device itself: by a manager signed in there, or on a staff
// member's device with a manager's approval PIN (counted like a void's); the mark is on the
// session (it ends with it) and audited. The kitchen account's sessions are displays without it.
// Anyone may unmark their own device.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../../lib/audit';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { can } from '../../../shared/permissions';
import type { Mailer } from '../../mail/mailer';
import { authErrors, displayApprovalRequired } from './auth.errors';
import { checkPin } from './auth.pin.usecases';
import * as repo from './auth.repository';
import { idleTimeoutOf, sessionView, type AuthContext } from './auth.sessions.usecases';

/** Marks (or unmarks) the caller's own session as a fixed display; answers the session view. */
export async function setFixedDisplay({
  db,
  clock,
  auth,
  fixedDisplay,
  approval,
  mailer,
  idleMs,
}: {
  db: Db;
  clock: Clock;
  auth: AuthContext;
  fixedDisplay: boolean;
  /** A manager's approval, for a staff member's device. */
  approval: { managerId: string; pin: string } | null;
  mailer?: Mailer;
  /** The config's session idle limit. */
  idleMs: number;
}): Promise<Session> {
  let approvedBy: string | null = null;
  if (fixedDisplay && !auth.fixedDisplay && !can(auth.user.role, 'kitchen.manage')) {
    if (!approval || !auth.user.branchId) throw displayApprovalRequired();
    approvedBy = (
      await checkPin({
        db,
        clock,
        branchId: auth.user.branchId,
        userId: auth.user.id,
        sessionId: auth.sessionId,
        mailer,
        ...approval,
      })
    ).id;
  }
  const now = clock();
  await db.transaction(async (tx) => {
    if (!(await repo.setFixedDisplay(tx, auth.sessionId, fixedDisplay))) {
      throw authErrors.noSession();
    }
    if (fixedDisplay === auth.fixedDisplay) return; // already so: nothing to audit
    await recordAudit(tx, {
      branchId: auth.user.branchId,
      userId: auth.user.id,
      action: fixedDisplay ? 'session.fixed_display_mark' : 'session.fixed_display_unmark',
      entity: 'session',
      entityId: auth.sessionId,
      data: approvedBy ? { approvedBy } : undefined,
      at: now,
    });
  });
  return sessionView(auth, {
    fixedDisplay,
    idleTimeoutMs: idleTimeoutOf(auth.user.role, fixedDisplay, idleMs),
  });
}
