import { ApiError } from '../../lib/api';

/** What the Staff screen says (ours: the spec has no staff screen). */
export const STAFF_TEXT = {
  title: 'Staff',
  addStaff: 'Add Staff',
  roleLabel: 'Account for',
  roles: { staff: 'Staff', kitchen: 'Kitchen display' },
  staffHint: 'Takes orders and bills tables.',
  kitchenHint:
    "The kitchen's wall tablet: it sees the kitchen display and nothing else. It takes a place of your plan like staff.",
  empty: 'No staff yet. Add your first staff member.',
  loading: 'Loading staff...',
  loadFailed: 'The staff list could not be loaded.',
  headcount: (active: number, limit: number) => `${active} of ${limit} active staff`,
  full: 'Every place of your plan is taken. Deactivate someone to add another staff member.',
  limitTitle: 'Staff limit reached',
  failedTitle: 'Not saved',
  added: (name: string) =>
    `${name} was added. Pass on the temporary password: they must change it at their first login.`,
  activated: (name: string) => `${name} is active again and can log in.`,
  deactivated: (name: string) => `${name} was deactivated and signed out.`,
  datesUpdated: (name: string) => `Plan dates of ${name} were updated.`,
  passwordReset: (name: string) =>
    `Temporary password set for ${name}. Pass it on: they must change it at their next login.`,
  confirmDeactivateTitle: (name: string) => `Deactivate ${name}?`,
  confirmDeactivate: (name: string) =>
    `${name} is signed out now, on every device, and cannot log in until you activate the account again.`,
} as const;

/** The red toast's title of a failed staff save: the plan's limit has its own. */
export const staffFailureTitle = (error: unknown) =>
  error instanceof ApiError && error.code === 'staff.limit_reached'
    ? STAFF_TEXT.limitTitle
    : STAFF_TEXT.failedTitle;
