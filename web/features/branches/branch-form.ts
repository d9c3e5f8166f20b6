import { DEFAULT_NUMBER_OF_USERS } from '../../../shared/plans';
import { isRupeeAmount, paiseToRupeesString, rupeesToPaise } from '../../../shared/money';
import {
  PLAN_REQUIRED,
  createBranchBodySchema,
  updatePlanBodySchema,
  type CreateBranchBody,
  type UpdatePlanBody,
} from '../../../shared/schemas/branches.schemas';
import { fieldErrors } from '../../lib/field-errors';
import { BRANCH_TEXT } from './branch-text';
import { isPricingPlan, type PlanChoice } from './plan-dates';

/** The plan part of a form, as typed: empty strings for empty fields. */
export interface PlanValues {
  /** A pricing plan or a custom deal's type (the API's `plan` or `subscriptionType`). */
  subscriptionType: PlanChoice | '';
  activeDate: string;
  deactiveDate: string;
  /** NumberInput answers a number, or '' when empty. */
  numberOfUsers: number | string;
  /** Rupees as typed: '1500', '1499.50' or ''. */
  amount: string;
}

export interface AddBranchValues extends PlanValues {
  branchName: string;
  branchCode: string;
  ownerName: string;
  email: string;
  password: string;
  location: string;
}

/** Field names in screen order: the first with an error gets the focus. */
export const ADD_BRANCH_FIELDS = [
  'branchName',
  'branchCode',
  'location',
  'ownerName',
  'email',
  'password',
  'subscriptionType',
  'numberOfUsers',
  'activeDate',
  'deactiveDate',
  'amount',
] as const;
export const PLAN_FIELDS = [
  'subscriptionType',
  'numberOfUsers',
  'activeDate',
  'deactiveDate',
  'amount',
] as const;

export const emptyAddBranchValues = (): AddBranchValues => ({
  branchName: '',
  branchCode: '',
  ownerName: '',
  email: '',
  password: '',
  location: '',
  subscriptionType: '',
  activeDate: '',
  deactiveDate: '',
  numberOfUsers: DEFAULT_NUMBER_OF_USERS,
  amount: '',
});

export const amountText = (amountPaise: number | null): string =>
  amountPaise === null ? '' : paiseToRupeesString(amountPaise);

/** The API names the amount `amountPaise`; the form's field is `amount` (rupees). */
export function toFormErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) errors[apiFieldToForm(name)] ??= message;
  return errors;
}

/**
 * The form's name of an API field: the API takes paise, the form rupees; one select gives the
 * API's `plan` or `subscriptionType`.
 */
export const apiFieldToForm = (name: string) =>
  name === 'amountPaise' ? 'amount' : name === 'plan' ? 'subscriptionType' : name;

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/** The plan fields as the API takes them; an empty optional field is left out (server default). */
function planBody(values: PlanValues) {
  const amount = values.amount.trim();
  const choice = values.subscriptionType;
  return {
    plan: choice && isPricingPlan(choice) ? choice : null,
    subscriptionType: choice && !isPricingPlan(choice) ? choice : undefined,
    activeDate: blankToUndefined(values.activeDate),
    deactiveDate: blankToUndefined(values.deactiveDate),
    numberOfUsers: values.numberOfUsers === '' ? undefined : Number(values.numberOfUsers),
    amountPaise: amount === '' ? null : isRupeeAmount(amount) ? rupeesToPaise(amount) : undefined,
  };
}

/**
 * What the schema's own checks add: the amount in rupees, and a plan chosen (the schema checks
 * that only once every field is valid; the form names it with the other empty fields).
 */
function formOnlyErrors(values: PlanValues): Record<string, string> {
  const amount = values.amount.trim();
  return {
    ...(values.subscriptionType ? {} : { subscriptionType: PLAN_REQUIRED }),
    ...(amount !== '' && !isRupeeAmount(amount) ? { amount: BRANCH_TEXT.invalidAmount } : {}),
  };
}

type Checked<T> = { body: T; errors: null } | { body: null; errors: Record<string, string> };

/**
 * Checks the Add A Branch form with the server's own schema, so the messages under the fields
 * are the ones the server would give, and builds the request body.
 */
export function checkAddBranch(values: AddBranchValues): Checked<CreateBranchBody> {
  const body = {
    branchName: values.branchName,
    branchCode: values.branchCode,
    ownerName: values.ownerName,
    email: values.email,
    password: values.password,
    location: values.location,
    ...planBody(values),
  };
  const parsed = createBranchBodySchema.safeParse(body);
  const errors = {
    ...toFormErrors(fieldErrors(parsed.error?.issues ?? [])),
    ...formOnlyErrors(values),
  };
  return Object.keys(errors).length > 0
    ? { body: null, errors }
    : { body: body as CreateBranchBody, errors: null };
}

/** The same for the renew / extend form. */
export function checkPlan(values: PlanValues): Checked<UpdatePlanBody> {
  const body = planBody(values);
  const parsed = updatePlanBodySchema.safeParse(body);
  const errors = {
    ...toFormErrors(fieldErrors(parsed.error?.issues ?? [])),
    ...formOnlyErrors(values),
  };
  return Object.keys(errors).length > 0
    ? { body: null, errors }
    : { body: body as UpdatePlanBody, errors: null };
}
