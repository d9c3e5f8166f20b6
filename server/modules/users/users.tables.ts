/** People who sign in: super admins, branch managers and staff. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/permissions';
import { createdAt, day, id, instant, updatedAt } from '../../db/columns';
import { branches } from '../branches/branches.tables';

export const userRole = pgEnum('user_role', ROLES);

/**
 * Super admins, branch managers and staff in one table, so an email is unique across roles and
 * login resolves the role from one row (the spec's superadmins → branches → subusers order
 * cannot be ambiguous).
 */
export const users = pgTable(
  'users',
  {
    id: id().primaryKey(),
    role: userRole('role').notNull(),
    branchId: uuid('branch_id').references(() => branches.id),
    name: text('name').notNull(),
    /** Always stored lower-cased (a CHECK enforces it), so lookups and uniqueness agree. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Set for a new manager (the spec's firstLogin) and after an admin-issued password.
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    // Staff plan dates (the spec's subuser activeDate/deactiveDate); null means no own limit.
    activeDate: day('active_date'),
    deactiveDate: day('deactive_date'),
    // Sessions created before this instant are stale after a password change.
    passwordChangedAt: instant('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_branch_id_idx').on(t.branchId),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_role_branch_check',
      sql`(${t.role} = 'super_admin' and ${t.branchId} is null) or (${t.role} <> 'super_admin' and ${t.branchId} is not null)`,
    ),
    check(
      'users_plan_dates_check',
      sql`${t.deactiveDate} is null or ${t.activeDate} is null or ${t.deactiveDate} >= ${t.activeDate}`,
    ),
  ],
);

export type User = typeof users.$inferSelect;

export type NewUser = typeof users.$inferInsert;
