import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.schemas';
import { endMessage } from './branches.schemas';
import { requiredText } from './common.schemas';
import { isAcceptedDate, isoDateSchema } from './dates.schemas';

const name = requiredText('Name', 120);

/**
 * The accounts a manager adds on the Staff screen: staff, and kitchen display accounts (a wall
 * tablet's, docs/kitchen.md). Each active one takes a place of the branch's `numberOfUsers`:
 * the one list the count is made from (staff.repository, branches.repository).
 */
export const STAFF_ACCOUNT_ROLES = ['staff', 'kitchen'] as const;
export type StaffAccountRole = (typeof STAFF_ACCOUNT_ROLES)[number];

const staffRole = z.enum(STAFF_ACCOUNT_ROLES, { error: 'Choose Staff or Kitchen display' });

// Object checks run even when a field failed its own check (or was left out), so they look at
// accepted dates only.
const endNotBeforeStart = (s: { activeDate?: string; deactiveDate?: string }) =>
  !isAcceptedDate(s.activeDate) ||
  !isAcceptedDate(s.deactiveDate) ||
  s.deactiveDate >= s.activeDate;

const planDates = {
  activeDate: isoDateSchema('Start date'),
  deactiveDate: isoDateSchema('End date'),
};

export const createStaffBodySchema = z
  .object({
    name,
    email: emailSchema,
    password: newPasswordSchema,
    ...planDates,
    /** Staff (default) or a kitchen display account. */
    role: staffRole.default('staff'),
  })
  .refine(endNotBeforeStart, endMessage);
export type CreateStaffBody = z.input<typeof createStaffBodySchema>;

export const updateStaffBodySchema = z
  .object({
    name: name.optional(),
    isActive: z.boolean().optional(),
    activeDate: planDates.activeDate.optional(),
    deactiveDate: planDates.deactiveDate.optional(),
  })
  .refine(endNotBeforeStart, endMessage);
export type UpdateStaffBody = z.input<typeof updateStaffBodySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ACCOUNT_ROLES),
  isActive: z.boolean(),
  activeDate: z.string().nullable(),
  deactiveDate: z.string().nullable(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({
  items: z.array(staffMemberSchema),
  numberOfUsers: z.number().int(),
  activeCount: z.number().int(),
  /** The branch's own plan: a staff member's dates must end by its last day. */
  branchPlan: z.object({ activeDate: z.string(), deactiveDate: z.string() }),
});
export type StaffList = z.infer<typeof staffListSchema>;
