import type { IsoDate } from '../../../../shared/dates';
import { paymentsCsvQuerySchema } from '../../../../shared/schemas/payments-report.schemas';
import type { PaymentsFilter } from '../api/payments-report';
import { checkDateRange } from '../components/check-date-range';
import { DateRangeFilter, ReportSearch } from '../components/date-range-filter';
import { PAYMENTS_TEXT as text } from './payments-text';

export interface PaymentsFilterValues {
  from: IsoDate | null;
  to: IsoDate | null;
  search: string;
}

export type PaymentsFilterErrors = Partial<Record<'from' | 'to' | 'search', string>>;

/** The filter the screen asks for, or the messages under its fields. */
export function checkPaymentsFilter(values: PaymentsFilterValues, search: string) {
  const { data, errors } = checkDateRange(values, { search }, paymentsCsvQuerySchema);
  const filter: PaymentsFilter | null = data && {
    from: data.from!,
    to: data.to!,
    search: data.search || undefined,
  };
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
    <DateRangeFilter from={values.from} to={values.to} onChange={set} today={today} errors={errors}>
      <ReportSearch
        label={text.search}
        placeholder={text.searchPlaceholder}
        value={values.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
        error={errors.search}
        w={{ base: '100%', xs: 280 }}
        flex={{ xs: 1 }}
        maw={{ xs: 440 }}
        name="search"
      />
    </DateRangeFilter>
  );
}
