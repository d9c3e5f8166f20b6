/**
 * The demo's platform rows: the "Demo Cafe" branch on the Premium plan, its logins (a super
 * admin, a manager, two staff) and the super admin's two-factor sign-in.
 */
import { addDays, addMonths } from '../../shared/dates';
import { gstinCheckCharacter, invoicePrefixFromCode } from '../../shared/gst';
import { pricingPlan } from '../../shared/plans';
import type { DbOrTx } from '../db/client';
import { taxProfiles, type NewBranch, type NewUser, type TaxProfile } from '../db/schema';
import { enrolWithKnownSecret } from '../modules/auth/auth.two-factor.usecases';
import { recordDemoBranch } from '../modules/branches/branches.usecases';
import { insertUser } from '../modules/users/users.usecases';
import { DEMO_BRANCH_CODE, DEMO_TIME_ZONE, type DemoContext } from './demo-context';

export interface DemoLogin {
  email: string;
  password: string;
}

/**
 * The demo super admin's two-factor secret (super admins must use two-factor sign-in). It is
 * public on purpose, like the demo passwords: add it to an authenticator app (or compute codes
 * from it, as the browser tests do) to sign in as the demo super admin.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'TABLEFLOWDEMOADMINTWOFACTORKEY23';

/** The demo's GSTIN: Karnataka (29), an illustrative PAN, with its valid check character. */
const DEMO_GSTIN = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;

export interface DemoLogins {
  /** False when the database already had a super admin and nothing was written. */
  seeded: boolean;
  superAdmin: DemoLogin & { twoFactorSecret: string };
  manager: DemoLogin;
  staff: DemoLogin[];
  /** The kitchen display's wall tablet (docs/kitchen.md). */
  kitchen: DemoLogin;
}

export const SUPER_ADMIN = {
  name: 'Platform Admin',
  email: 'admin@tableflow.in',
  password: 'Admin@1234',
};
export const MANAGER = {
  name: 'Priya Sharma',
  email: 'manager@demo.cafe',
  password: 'Manager@1234',
};
export const STAFF = [
  { name: 'Asha Patil', email: 'asha@demo.cafe', password: 'Staff@1234' },
  { name: 'Ravi Kumar', email: 'ravi@demo.cafe', password: 'Staff@1234' },
];
/** The kitchen display's account (its users row is built with the floor: demo-floor.ts). */
export const KITCHEN = {
  name: 'Kitchen display',
  email: 'kitchen@demo.cafe',
  password: 'Kitchen@1234',
};

export function demoLogins(seeded: boolean): DemoLogins {
  return {
    seeded,
    superAdmin: {
      email: SUPER_ADMIN.email,
      password: SUPER_ADMIN.password,
      twoFactorSecret: DEMO_ADMIN_TOTP_SECRET,
    },
    manager: { email: MANAGER.email, password: MANAGER.password },
    staff: STAFF.map(({ email, password }) => ({ email, password })),
    kitchen: { email: KITCHEN.email, password: KITCHEN.password },
  };
}

export interface PasswordHashes {
  superAdmin: string;
  manager: string;
  staff: string;
  kitchen: string;
}

export interface DemoPlatform {
  branch: NewBranch;
  /** A registered restaurant's tax profile: its bills are tax invoices (docs/gst.md). */
  taxProfile: TaxProfile;
  users: NewUser[];
  branchId: string;
  managerId: string;
  /** Who bills at the counter, and how often. */
  cashiers: { id: string; weight: number }[];
}

export function buildPlatform(ctx: DemoContext, hashes: PasswordHashes): DemoPlatform {
  const { idAt, firstDay, setupTime } = ctx;
  // On the Premium plan since the day it was set up, the day before its oldest bill.
  const plan = pricingPlan('premium');
  const planStart = addDays(firstDay, -1);
  const branchId = idAt(setupTime);
  const branch: NewBranch = {
    id: branchId,
    code: DEMO_BRANCH_CODE,
    name: 'Demo Cafe',
    ownerName: MANAGER.name,
    email: MANAGER.email,
    location: 'Koramangala, Bengaluru',
    address: '12, 80 Feet Road, 5th Block, Koramangala, Bengaluru, Karnataka 560095',
    phone: '+91 80 4123 4567',
    gstin: DEMO_GSTIN,
    timeZone: DEMO_TIME_ZONE,
    plan: plan.id,
    subscriptionType: plan.subscriptionType,
    activeDate: planStart,
    deactiveDate: addDays(addMonths(planStart, plan.durationMonths), -1),
    numberOfUsers: plan.users,
    amountPaise: plan.pricePaise,
    isActive: true,
    createdAt: setupTime,
    updatedAt: setupTime,
  };

  const superAdminId = idAt(setupTime);
  const managerId = idAt(setupTime);
  const staffIds = STAFF.map(() => idAt(setupTime));
  const users: NewUser[] = [
    {
      id: superAdminId,
      role: 'super_admin',
      branchId: null,
      name: SUPER_ADMIN.name,
      email: SUPER_ADMIN.email,
      passwordHash: hashes.superAdmin,
      createdAt: setupTime,
      updatedAt: setupTime,
    },
    {
      id: managerId,
      role: 'branch_manager',
      branchId,
      name: MANAGER.name,
      email: MANAGER.email,
      passwordHash: hashes.manager,
      // Usable at once: the demo should not start with a forced password change.
      mustChangePassword: false,
      createdAt: setupTime,
      updatedAt: setupTime,
    },
    ...STAFF.map((staff, i): NewUser => ({
      id: staffIds[i]!,
      role: 'staff',
      branchId,
      name: staff.name,
      email: staff.email,
      passwordHash: hashes.staff,
      isActive: true,
      activeDate: branch.activeDate,
      deactiveDate: branch.deactiveDate,
      createdAt: setupTime,
      updatedAt: setupTime,
    })),
  ];
  const cashiers = [
    { id: staffIds[0]!, weight: 45 },
    { id: staffIds[1]!, weight: 40 },
    { id: managerId, weight: 15 },
  ];
  const taxProfile: TaxProfile = {
    branchId,
    id: idAt(setupTime),
    tradeName: branch.name,
    legalName: 'Demo Cafe Hospitality Private Limited',
    address: branch.address!,
    phone: branch.phone!,
    gstin: DEMO_GSTIN,
    fssai: '11226999000123',
    regime: 'regular',
    pricesIncludeTax: false,
    roundOff: true,
    serviceChargeBps: 0,
    invoicePrefix: invoicePrefixFromCode(DEMO_BRANCH_CODE),
    createdAt: setupTime,
    createdBy: managerId,
  };
  return { branch, taxProfile, users, branchId, managerId, cashiers };
}

/**
 * The branch, its tax profile, the logins, and the super admin's two-factor secret sealed with
 * `totpKey`.
 */
export async function writePlatform(
  tx: DbOrTx,
  rows: { branch: NewBranch; taxProfile: TaxProfile; users: NewUser[] },
  totpKey: Buffer,
): Promise<void> {
  await recordDemoBranch(tx, rows.branch);
  for (const user of rows.users) await insertUser(tx, user);
  await tx.insert(taxProfiles).values(rows.taxProfile);
  const superAdmin = rows.users.find((user) => user.role === 'super_admin')!;
  await enrolWithKnownSecret(tx, {
    key: totpKey,
    userId: superAdmin.id!,
    secret: DEMO_ADMIN_TOTP_SECRET,
    at: superAdmin.createdAt!,
  });
}
