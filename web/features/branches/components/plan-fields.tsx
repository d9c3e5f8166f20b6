import type { ChangeEvent } from 'react';
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { isValidIsoDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import { PRICING_PLANS, SUBSCRIPTION_TYPES, pricingPlan } from '../../../../shared/plans';
import { amountText, type PlanValues } from '../branch-form';
import { BRANCH_TEXT } from '../branch-text';
import { DayMonthYearInput } from '../../../components/day-month-year-input';
import { HINT_BELOW } from './form-section';
import { isPricingPlan, suggestEndDate, type PlanChoice } from '../plan-dates';

const { fields, subscriptionTypes } = BRANCH_TEXT;

// A native select: the phone's own picker, and one control for keyboards and tests alike. The
// landing page's pricing plans first; the spec's subscription types for custom deals.
const TYPE_OPTIONS = [
  { value: '', label: 'Choose a plan', disabled: true },
  {
    group: 'Pricing plans',
    items: PRICING_PLANS.map((plan) => ({
      value: plan.id,
      label: `${plan.name}: ${plan.durationMonths} months, ${plan.users} users, ${formatInr(plan.pricePaise)}`,
    })),
  },
  {
    group: 'Custom deal',
    items: SUBSCRIPTION_TYPES.map((type) => ({ value: type, label: subscriptionTypes[type] })),
  },
];

type Props = {
  input: (name: keyof PlanValues) => GetInputPropsReturnType;
  values: PlanValues;
  setValues: (values: Partial<PlanValues>) => void;
  /** The earliest start date the calendar offers (today for a new branch). */
  minStart?: string;
  /** Where a period from this start date begins (a renewal extends after the current end). */
  periodStart?: (start: string) => string;
};

/**
 * Plan (a pricing plan or a custom deal's type), start and end dates, number of users and
 * amount. The end date follows the plan and start date (one period) until it is changed by
 * hand; choosing a pricing plan also fills in its users and price.
 */
export function PlanFields({ input, values, setValues, minStart, periodStart }: Props) {
  const suggestion = (type: PlanChoice | '', start: string) =>
    type && isValidIsoDate(start) ? suggestEndDate(type, periodStart?.(start) ?? start) : null;
  const followEnd = (type: PlanChoice | '', start: string) => {
    const previous = suggestion(values.subscriptionType, values.activeDate);
    const next = suggestion(type, start);
    if (next && (values.deactiveDate === '' || values.deactiveDate === previous)) {
      setValues({ deactiveDate: next });
    }
  };
  const typeProps = input('subscriptionType');
  const startProps = input('activeDate');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NativeSelect
        {...typeProps}
        name="subscriptionType"
        inputWrapperOrder={HINT_BELOW}
        label={fields.subscriptionType}
        description="A pricing plan fills in its users, amount and end date"
        data={TYPE_OPTIONS}
        required
        withAsterisk={false}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const type = event.currentTarget.value as PlanChoice;
          typeProps.onChange(event);
          followEnd(type, values.activeDate);
          if (isPricingPlan(type)) {
            const plan = pricingPlan(type);
            setValues({ numberOfUsers: plan.users, amount: amountText(plan.pricePaise) });
          }
        }}
      />
      <NumberInput
        {...input('numberOfUsers')}
        name="numberOfUsers"
        inputWrapperOrder={HINT_BELOW}
        label={fields.numberOfUsers}
        description="Optional: 5 when left empty"
        min={1}
        max={500}
        allowDecimal={false}
        allowNegative={false}
      />
      <DayMonthYearInput
        {...startProps}
        name="activeDate"
        inputWrapperOrder={HINT_BELOW}
        label={fields.activeDate}
        description="First day the branch may log in"
        earliest={minStart}
        required
        withAsterisk={false}
        onChange={(start) => {
          startProps.onChange(start);
          followEnd(values.subscriptionType, start ?? '');
        }}
      />
      <DayMonthYearInput
        {...input('deactiveDate')}
        name="deactiveDate"
        inputWrapperOrder={HINT_BELOW}
        label={fields.deactiveDate}
        description="Last day the branch may log in"
        earliest={values.activeDate || minStart}
        required
        withAsterisk={false}
      />
      <TextInput
        {...input('amount')}
        name="amount"
        inputWrapperOrder={HINT_BELOW}
        label={fields.amount}
        description="Optional: in rupees, as paid for this plan"
        inputMode="decimal"
        leftSection="₹"
      />
    </SimpleGrid>
  );
}
