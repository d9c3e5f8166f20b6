import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { openDatabase } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { runScript } from '../../test/run-script';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSuperAdminByOperator } from './auth.passwords.usecases';

mkdirSync('.tmp/test', { recursive: true });
const dir = mkdtempSync('.tmp/test/create-admin-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createSuperAdminByOperator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('makes a super admin who signs in with the temporary password, must change it and set up two-factor sign-in; audited', async () => {
    const created = await createSuperAdminByOperator({
      db: t.database.db,
      clock: t.clock,
      email: 'owner@tableflow.example',
      name: 'Meera Nair',
    });
    expect(created?.temporaryPassword).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@tableflow.example', password: created!.temporaryPassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((login.json() as Session).user).toMatchObject({
      name: 'Meera Nair',
      role: 'super_admin',
      mustChangePassword: true,
      twoFactorEnabled: false,
      mustSetUpTwoFactor: true,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, created!.userId)));
    expect(audit).toMatchObject({ userId: null, data: { role: 'super_admin', by: 'operator' } });
  });

  it('makes one account of an email, also when two commands ask at once', async () => {
    const make = () =>
      createSuperAdminByOperator({
        db: t.database.db,
        clock: t.clock,
        email: 'twice@tableflow.example',
        name: 'Twice',
      });
    const answers = await Promise.all([make(), make()]);
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
    expect(await make()).toBeNull();
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'twice@tableflow.example'));
    expect(rows).toHaveLength(1);
  });
});

/** Runs `npm run create-admin -- …args` (its script) on the PGlite folder `dataDir`. */
const createAdmin = (args: string[], dataDir: string) =>
  runScript('server/modules/auth/create-admin-cli.ts', args, { DATA_DIR: dataDir });

describe.skipIf(process.env.DATABASE_URL)('npm run create-admin on PGlite', () => {
  it('creates the first super admin of a new database, then refuses the same email and bad input', async () => {
    const dataDir = join(dir, 'data');
    const created = await createAdmin(['Owner@TableFlow.example', 'Meera', 'Nair'], dataDir);
    expect(created.output).toMatch(/Super admin Meera Nair <owner@tableflow\.example> created/);
    expect(created.output).toMatch(/Temporary password: [a-z2-9-]{14}\n/);
    expect(created.code).toBe(0);

    const again = await createAdmin(['owner@tableflow.example', 'Someone'], dataDir);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already exists/);

    const bad = await createAdmin(['not-an-email'], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.output).toMatch(/valid email[\s\S]*Name is required[\s\S]*Usage/i);

    const database = await openDatabase({ dataDir });
    try {
      const admins = await database.db.select().from(users).where(eq(users.role, 'super_admin'));
      expect(admins.map((user) => [user.email, user.name, user.mustChangePassword])).toEqual([
        ['owner@tableflow.example', 'Meera Nair', true],
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
