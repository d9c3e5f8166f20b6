import { SimpleGrid } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { formatDisplayDate } from '../../../../shared/dates';
import { DayMonthYearInput } from '../../../components/day-month-year-input';
import { FIELD_STYLES } from './modal-styles';

type Props = {
  start: GetInputPropsReturnType;
  end: GetInputPropsReturnType;
  /** The branch plan's last day: a staff member's plan ends by then. */
  branchEnd?: string;
};

/** Start and end of a staff member's plan: both days included, typed or picked day first. */
export function PlanDateFields({ start, end, branchEnd }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <DayMonthYearInput
        {...start}
        name="activeDate"
        label="Start date"
        latest={branchEnd}
        required
      />
      <DayMonthYearInput
        {...end}
        name="deactiveDate"
        label="End date"
        description={
          branchEnd
            ? `Last day they may log in; by ${formatDisplayDate(branchEnd)}, when the branch plan ends`
            : 'Last day they may log in'
        }
        styles={FIELD_STYLES}
        earliest={typeof start.value === 'string' ? start.value : undefined}
        latest={branchEnd}
        required
      />
    </SimpleGrid>
  );
}
