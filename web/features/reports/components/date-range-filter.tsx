import type { ReactNode } from 'react';
import { Group, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { IsoDate } from '../../../../shared/dates';
import { LABELS } from '../../../../shared/messages';
import { DayMonthYearInput } from '../../../components/day-month-year-input';

export interface DateRange {
  from: IsoDate | null;
  to: IsoDate | null;
}

type Props = DateRange & {
  onChange: (change: Partial<DateRange>) => void;
  /** The branch's today: later days are greyed out. */
  today: IsoDate;
  /** Messages under the two dates. */
  errors: Partial<Record<keyof DateRange, string>>;
  /** The report's other fields, after the dates. */
  children: ReactNode;
};

/** A report's filter bar: From Date, To Date, then the report's own fields. */
export function DateRangeFilter({ from, to, onChange, today, errors, children }: Props) {
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <DayMonthYearInput
        label={LABELS.orderReport.fromDate}
        value={from}
        onChange={(value) => onChange({ from: value as IsoDate | null })}
        latest={today}
        error={errors.from}
        w={{ base: 'calc(50% - 6px)', xs: 160 }}
        name="from"
      />
      <DayMonthYearInput
        label={LABELS.orderReport.toDate}
        value={to}
        onChange={(value) => onChange({ to: value as IsoDate | null })}
        latest={today}
        error={errors.to}
        w={{ base: 'calc(50% - 6px)', xs: 160 }}
        name="to"
      />
      {children}
    </Group>
  );
}

/** A report's free-text search: a search box with the magnifier, up to 100 characters. */
export function ReportSearch(props: TextInputProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      autoComplete="off"
      maxLength={100}
      type="search"
      {...props}
    />
  );
}
