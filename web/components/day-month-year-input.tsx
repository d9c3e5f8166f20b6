import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDayMonthYear } from '../../shared/dates';

/**
 * The one date field of the app: shown and typed day first ('22-11-2026', the Indian way), with
 * a calendar to pick from; its value is 'YYYY-MM-DD' (or null), as the API takes dates.
 */
export function DayMonthYearInput(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DateInput
      placeholder="dd-mm-yyyy"
      {...props}
      valueFormat="DD-MM-YYYY"
      dateParser={parseDayMonthYear}
    />
  );
}
