import type { ChangeEvent } from 'react';
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { isValidIsoDate } from '../../../../shared/dates';
import { SUBSCRIPTION_TYPES, type SubscriptionType } from '../../../../shared/plans';
import type { PlanValues } from '../branch-form';
import { BRANCH_TEXT } from '../branch-text';
import { HINT_BELOW } from './form-section';
import { suggestEndDate } from '../plan-dates';

const { fields, subscriptionTypes } = BRANCH_TEXT;

// A native select: the phone's own picker, and one control for keyboards and tests alike.
const TYPE_OPTIONS = [
  { value: '', label: 'Choose a plan', disabled: true },
  ...SUBSCRIPTION_TYPES.map((type) => ({ value: type, label: subscriptionTypes[type] })),
];

type Props = {
  input: (name: keyof PlanValues) => GetInputPropsReturnType;
  values: PlanValues;
  setEndDate: (date: string) => void;
  /** The earliest start date the input offers (today for a new branch). */
  minStart?: string;
  /** Where a period from this start date begins (a renewal extends after the current end). */
  periodStart?: (start: string) => string;
};

/**
 * Subscription type, start and end dates, number of users and amount. The end date follows
 * the type and start date (one period) until it is changed by hand.
 */
export function PlanFields({ input, values, setEndDate, minStart, periodStart }: Props) {
  const suggestion = (type: SubscriptionType | '', start: string) =>
    type && isValidIsoDate(start) ? suggestEndDate(type, periodStart?.(start) ?? start) : null;
  const followEnd = (type: SubscriptionType | '', start: string) => {
    const previous = suggestion(values.subscriptionType, values.activeDate);
    const next = suggestion(type, start);
    if (next && (values.deactiveDate === '' || values.deactiveDate === previous)) {
      setEndDate(next);
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
        data={TYPE_OPTIONS}
        required
        withAsterisk={false}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const type = event.currentTarget.value as SubscriptionType;
          typeProps.onChange(event);
          followEnd(type, values.activeDate);
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
      <TextInput
        {...startProps}
        name="activeDate"
        inputWrapperOrder={HINT_BELOW}
        type="date"
        label={fields.activeDate}
        description="First day the branch may log in"
        min={minStart}
        required
        withAsterisk={false}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const start = event.currentTarget.value;
          startProps.onChange(event);
          followEnd(values.subscriptionType, start);
        }}
      />
      <TextInput
        {...input('deactiveDate')}
        name="deactiveDate"
        inputWrapperOrder={HINT_BELOW}
        type="date"
        label={fields.deactiveDate}
        description="Last day the branch may log in"
        min={values.activeDate || minStart}
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
