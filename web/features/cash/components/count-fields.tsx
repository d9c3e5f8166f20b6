import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_NOTES, NOTE_DENOMINATIONS } from '../../../../shared/cash';
import { formatInr } from '../../../../shared/money';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';
import { lineTotalPaise, runningTotalPaise, type CountValues } from '../count-form';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The drawer's count, note by note: a row per note (₹500 … ₹10) with how many and their total,
 * the coins' value in rupees, and the running total. Big fields for fingers at the counter.
 */
export function CountFields<T extends { count: CountValues }>({
  form,
}: {
  form: UseFormReturnType<T>;
}) {
  const values = form.getValues().count;
  return (
    <Stack gap={6}>
      {NOTE_DENOMINATIONS.map((d) => (
        <Group key={d} gap="sm" wrap="nowrap" align="flex-start">
          <Text fw={700} w={56} pt={10} style={numeric} aria-hidden>
            ₹{d} ×
          </Text>
          <NumberInput
            {...form.getInputProps(`count.notes.${d}`)}
            name={`notes.${d}`}
            aria-label={TEXT.notesOf(d)}
            size="md"
            min={0}
            max={MAX_NOTES}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            placeholder="0"
            style={{ flex: '1 1 80px', minWidth: 0 }}
          />
          <Text
            pt={10}
            w={{ base: 96, sm: 120 }}
            ta="right"
            style={numeric}
            aria-label={TEXT.lineTotal(d)}
          >
            {formatInr(lineTotalPaise(d, values.notes[`${d}`]))}
          </Text>
        </Group>
      ))}
      <TextInput
        {...form.getInputProps('count.coins')}
        name="coins"
        label={TEXT.coins}
        description={TEXT.coinsHint}
        size="md"
        inputMode="decimal"
        autoComplete="off"
        leftSection="₹"
        placeholder="0"
      />
      <Group
        justify="space-between"
        mt={4}
        pt={8}
        style={{ borderTop: '1px solid var(--tf-line)' }}
        role="status"
        aria-live="polite"
      >
        <Text fw={700}>{TEXT.total}</Text>
        <Text fw={800} fz={22} style={numeric} data-testid="count-total">
          {formatInr(runningTotalPaise(values))}
        </Text>
      </Group>
    </Stack>
  );
}
