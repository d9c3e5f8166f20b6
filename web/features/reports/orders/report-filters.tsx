import { Button, Group, Stack } from '@mantine/core';
import { addDays, type IsoDate } from '../../../../shared/dates';
import { DateRangeFilter, ReportSearch } from '../components/date-range-filter';
import { ORDERS_REPORT_TEXT as text } from './orders-report-text';

export interface ReportFilterValues {
  from: IsoDate | null;
  to: IsoDate | null;
  product: string;
}

/** The ranges an owner asks for most, ending today. */
function presets(today: IsoDate) {
  return [
    { label: text.today, from: today },
    { label: text.last7Days, from: addDays(today, -6) },
    { label: text.last30Days, from: addDays(today, -29) },
    { label: text.thisMonth, from: `${today.slice(0, 8)}01` },
  ];
}

type Props = {
  values: ReportFilterValues;
  onChange: (values: ReportFilterValues) => void;
  /** The branch's today: presets end on it and later days are greyed out. */
  today: IsoDate;
  /** Messages under the fields (from the shared query schema). */
  errors: Partial<Record<'from' | 'to' | 'product', string>>;
};

/** From Date, To Date, the product filter and quick ranges. */
export function ReportFilters({ values, onChange, today, errors }: Props) {
  const set = (change: Partial<ReportFilterValues>) => onChange({ ...values, ...change });
  return (
    <Stack gap="xs">
      <DateRangeFilter
        from={values.from}
        to={values.to}
        onChange={set}
        today={today}
        errors={errors}
      >
        <ReportSearch
          label={text.product}
          placeholder={text.productPlaceholder}
          value={values.product}
          onChange={(event) => set({ product: event.currentTarget.value })}
          error={errors.product}
          w={{ base: '100%', xs: 240 }}
          name="product"
        />
      </DateRangeFilter>
      <Group gap={6} role="group" aria-label={text.presets}>
        {presets(today).map((preset) => {
          const active = values.from === preset.from && values.to === today;
          return (
            <Button
              key={preset.label}
              size="compact-sm"
              radius="xl"
              variant={active ? 'filled' : 'default'}
              aria-pressed={active}
              onClick={() => set({ from: preset.from, to: today })}
            >
              {preset.label}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
