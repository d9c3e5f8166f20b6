import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDayMonthYear } from '../../shared/dates';

type Props = Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'value' | 'excludeDate'> & {
  /** 'YYYY-MM-DD'; '' or null when empty (forms keep empty fields as ''). */
  value?: string | null;
  /** Days before this are greyed out in the calendar ('YYYY-MM-DD'). */
  earliest?: string;
  /** Days after this are greyed out in the calendar ('YYYY-MM-DD'). */
  latest?: string;
};

/**
 * The one date field of the app: shown and typed day first ('22-11-2026', the Indian way), with
 * a calendar to pick from; its value is 'YYYY-MM-DD' (or null), as the API takes dates.
 *
 * `earliest` and `latest` only grey out days in the calendar: a typed date outside them still
 * reaches the form, whose check says what is wrong (minDate and maxDate drop it without a word:
 * use them only where the form has no rule to explain). `name` goes on the visible input as
 * `data-field` (DateInput gives `name` to its hidden input only, and React removes a `name`
 * set by hand at the input's next update), so a form's focus-first-error finds it.
 */
export function DayMonthYearInput({ value, earliest, latest, name, ...props }: Props) {
  return (
    <DateInput
      placeholder="dd-mm-yyyy"
      {...props}
      {...(name ? { 'data-field': name } : {})}
      value={value || null}
      excludeDate={(day) =>
        (earliest !== undefined && day < earliest) || (latest !== undefined && day > latest)
      }
      valueFormat="DD-MM-YYYY"
      dateParser={parseDayMonthYear}
    />
  );
}
