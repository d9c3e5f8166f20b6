import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { formatDisplayDate } from '../../../../shared/dates';
import { FIELD_STYLES } from './modal-styles';

type Props = {
  start: GetInputPropsReturnType;
  end: GetInputPropsReturnType;
  /** The branch plan's last day: a staff member's plan ends by then. */
  branchEnd?: string;
};

/** Start and end of a staff member's plan: both days included, native date pickers. */
export function PlanDateFields({ start, end, branchEnd }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput {...start} name="activeDate" type="date" label="Start date" required />
      <TextInput
        {...end}
        name="deactiveDate"
        type="date"
        label="End date"
        description={
          branchEnd
            ? `Last day they may log in; by ${formatDisplayDate(branchEnd)}, when the branch plan ends`
            : 'Last day they may log in'
        }
        styles={FIELD_STYLES}
        min={typeof start.value === 'string' ? start.value : undefined}
        max={branchEnd}
        required
      />
    </SimpleGrid>
  );
}
