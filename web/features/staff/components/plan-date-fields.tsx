import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { FIELD_STYLES } from './modal-styles';

type Props = {
  start: GetInputPropsReturnType;
  end: GetInputPropsReturnType;
};

/** Start and end of a staff member's plan: both days included, native date pickers. */
export function PlanDateFields({ start, end }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput {...start} name="activeDate" type="date" label="Start date" required />
      <TextInput
        {...end}
        name="deactiveDate"
        type="date"
        label="End date"
        description="Last day they may log in"
        styles={FIELD_STYLES}
        min={typeof start.value === 'string' ? start.value : undefined}
        required
      />
    </SimpleGrid>
  );
}
