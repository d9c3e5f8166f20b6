import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { IsoDate } from '../../../../shared/dates';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { paymentsCsvQuerySchema } from '../../../../shared/schemas/payments-report.schemas';
import { DayMonthYearInput } from '../../../components/day-month-year-input';
import type { PaymentsFilter } from '../api/payments-report';
import { PAYMENTS_TEXT as text } from './payments-text';

export interface PaymentsFilterValues {
  from: IsoDate | null;
  to: IsoDate | null;
  search: string;
}

export type PaymentsFilterErrors = Partial<Record<'from' | 'to' | 'search', string>>;

/**
 * The filter the screen asks for, or the messages under its fields: both dates are needed here
 * (the API would fill one in), the rest is the API's own query schema.
 */
export function checkPaymentsFilter(values: PaymentsFilterValues, search: string) {
  const errors: PaymentsFilterErrors = {};
  if (!values.from) errors.from = MESSAGES.validation.required(LABELS.orderReport.fromDate);
  if (!values.to) errors.to = MESSAGES.validation.required(LABELS.orderReport.toDate);
  const parsed = paymentsCsvQuerySchema.safeParse({
    from: values.from ?? undefined,
    to: values.to ?? undefined,
    search,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof PaymentsFilterErrors;
    errors[field] ??= issue.message;
  }
  const filter: PaymentsFilter | null =
    parsed.success && Object.keys(errors).length === 0
      ? { from: parsed.data.from!, to: parsed.data.to!, search: parsed.data.search || undefined }
      : null;
  return { filter, errors };
}

type Props = {
  values: PaymentsFilterValues;
  onChange: (values: PaymentsFilterValues) => void;
  /** The branch's today: later days are greyed out. */
  today: IsoDate;
  errors: PaymentsFilterErrors;
};

/** From Date, To Date and the search of the payment report. */
export function PaymentsFilters({ values, onChange, today, errors }: Props) {
  const set = (change: Partial<PaymentsFilterValues>) => onChange({ ...values, ...change });
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <DayMonthYearInput
        label={LABELS.orderReport.fromDate}
        value={values.from}
        onChange={(from) => set({ from: from as IsoDate | null })}
        latest={today}
        error={errors.from}
        w={{ base: 'calc(50% - 6px)', xs: 160 }}
        name="from"
      />
      <DayMonthYearInput
        label={LABELS.orderReport.toDate}
        value={values.to}
        onChange={(to) => set({ to: to as IsoDate | null })}
        latest={today}
        error={errors.to}
        w={{ base: 'calc(50% - 6px)', xs: 160 }}
        name="to"
      />
      <TextInput
        label={text.search}
        placeholder={text.searchPlaceholder}
        value={values.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
        leftSection={<IconSearch size={16} aria-hidden />}
        error={errors.search}
        autoComplete="off"
        maxLength={100}
        w={{ base: '100%', xs: 280 }}
        type="search"
        name="search"
      />
    </Group>
  );
}
