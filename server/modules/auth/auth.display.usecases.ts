// A fixed display: a device (a wall tablet, a counter screen) whose session never ends for
// idleness. A manager marks it from the device itself, signed in there; the mark is on the
// session (it ends with it) and audited. The kitchen account's sessions are displays without it.
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../../lib/audit';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { authErrors } from './auth.errors';
import * as repo from './auth.repository';
import { idleTimeoutOf, sessionView, type AuthContext } from './auth.sessions.usecases';

/** Marks (or unmarks) the caller's own session as a fixed display; answers the session view. */
export async function setFixedDisplay({
  db,
  clock,
  auth,
  fixedDisplay,
  idleMs,
}: {
  db: Db;
  clock: Clock;
  auth: AuthContext;
  fixedDisplay: boolean;
  /** The config's session idle limit. */
  idleMs: number;
}): Promise<Session> {
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
      at: now,
    });
  });
  return sessionView(auth, {
    fixedDisplay,
    idleTimeoutMs: idleTimeoutOf(auth.user.role, fixedDisplay, idleMs),
  });
}
