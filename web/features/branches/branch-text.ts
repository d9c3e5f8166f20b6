import { planName } from '../../../shared/plans';
import type { BranchView } from '../../../shared/schemas/branches.schemas';

/**
 * Words of the super admin's branch screens that the spec does not give (ours). The spec's own
 * strings (toasts, 'Add A Branch') come from shared/messages.ts.
 */
export const BRANCH_TEXT = {
  listTitle: 'Branches',
  fields: {
    branchName: 'Branch Name',
    branchCode: 'Branch Code',
    ownerName: 'Owner Name',
    email: 'Email ID',
    password: 'Password',
    location: 'Location',
    subscriptionType: 'Subscription Type',
    activeDate: 'Start Date',
    deactiveDate: 'End Date',
    numberOfUsers: 'Number of Users',
    amount: 'Amount',
  },
  subscriptionTypes: { daily: 'Daily', monthly: 'Monthly', yearly: 'Yearly' },
  invalidAmount: 'Enter the amount in rupees, for example 1500 or 1499.50',
  searchLabel: 'Search branches',
  searchPlaceholder: 'Code, name, owner, email or location',
  empty: 'No branches yet. Add the first one to get started.',
  noMatch: (search: string) => `No branch matches “${search}”.`,
  loading: 'Loading branches...',
  loadFailed: 'The branches could not be loaded.',
  actions: {
    menu: (code: string) => `Actions for branch ${code}`,
    renew: 'Renew / extend plan',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    resetPassword: 'Reset manager password',
    resetTwoFactor: "Reset manager's two-factor sign-in",
  },
  resetTwoFactor: {
    title: (name: string) => `Reset two-factor sign-in of ${name}?`,
    body: 'For a manager who lost their phone: they sign in with their password alone until they set up two-factor sign-in again from their account menu.',
    confirm: 'Reset',
  },
  renew: {
    title: (name: string) => `Renew or extend the plan of ${name}`,
    submit: 'Save plan',
    done: (name: string) => `The plan of ${name} is saved.`,
  },
  deactivate: {
    title: (name: string) => `Deactivate ${name}?`,
    body: 'Its manager and staff are logged out at once and cannot log in until you reactivate the branch. Nothing is deleted.',
    done: (name: string) => `${name} is deactivated.`,
  },
  reactivate: {
    title: (name: string) => `Reactivate ${name}?`,
    body: 'Its manager and staff can log in again while the plan dates are valid.',
    done: (name: string) => `${name} is active again.`,
  },
  cancel: 'Cancel',
  failedTitle: 'That did not work',
  columns: ['Code', 'Branch', 'Owner', 'Plan', 'Dates', 'Status', 'Users', ''],
  usersOf: (active: number, limit: number) => `${active} of ${limit}`,
  usersHint: 'Active staff of the number of users the plan allows',
  overview: {
    total: 'All branches',
    active: 'Active',
    notActiveYet: 'Not active yet',
    expired: 'Expired',
    deactivated: 'Deactivated',
    loading: 'Loading the platform figures...',
    loadFailed: 'The overview could not be loaded.',
    renewals: 'Renewals due',
    within: (days: number) => `Within ${days} days`,
    branches: (n: number) => `${n} ${n === 1 ? 'branch' : 'branches'}`,
    renewalList: 'Plans ending in the next 30 days',
    noneEnding: 'No plan ends in the next 30 days.',
    endsOn: (date: string) => `ends ${date}`,
    planRevenue: 'Plan revenue',
    runRate: 'Annual run rate of active plans',
    runRateHint: 'Each active plan’s amount spread over its own dates, for a year.',
    planBranches: (plan: string, n: number) => `${plan} · ${n} active`,
    withoutAmount: (n: number) =>
      `${n} active custom ${n === 1 ? 'deal has' : 'deals have'} no amount recorded (not counted).`,
    demoRequests: 'Demo requests per week',
    demoRequestsHint: (weeks: number) => `The last ${weeks} weeks, Monday to Sunday.`,
    weekOf: 'Week of',
    requests: 'Requests',
  },
} as const;

/**
 * A branch's plan in the list: the pricing plan's name ('Super'), or 'Custom' with the type of
 * the custom deal ('Custom · Yearly').
 */
export function planLabel(branch: Pick<BranchView, 'plan' | 'subscriptionType'>): string {
  return branch.plan
    ? planName(branch.plan)
    : `${planName(null)} · ${BRANCH_TEXT.subscriptionTypes[branch.subscriptionType]}`;
}

type Status = BranchView['status'];

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** The status badge of a branch: its words and colour. */
export function statusBadge(status: Status): { label: string; color: string } {
  switch (status.state) {
    case 'not_active_yet':
      return {
        label: `Not active yet (starts in ${days(status.startsInDays ?? 0)})`,
        color: 'blue',
      };
    case 'active': {
      const left = status.daysLeft ?? 0;
      return { label: `Active · ${days(left)} left`, color: left <= 7 ? 'orange' : 'green' };
    }
    case 'expired':
      return { label: 'Expired', color: 'red' };
    case 'deactivated':
      return { label: 'Deactivated', color: 'gray' };
  }
}
