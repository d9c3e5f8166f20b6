import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { addDays, type IsoDate } from '../../../../shared/dates';
import { LABELS } from '../../../../shared/messages';
import { DayMonthYearInput } from '../../../components/day-month-year-input';
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
          label={text.product}
          placeholder={text.productPlaceholder}
          value={values.product}
          onChange={(event) => set({ product: event.currentTarget.value })}
          leftSection={<IconSearch size={16} aria-hidden />}
          error={errors.product}
          autoComplete="off"
          maxLength={100}
          w={{ base: '100%', xs: 240 }}
          type="search"
          name="product"
        />
      </Group>
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
