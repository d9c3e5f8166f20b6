import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAX_SPLIT_PAYMENTS,
  RECEIVED_METHODS,
  type ReceivedMethod,
} from '../../../../shared/schemas/billing.schemas';
import { BILLING_TEXT } from '../billing-text';
import { splitPaidPaise, splitRow, type PaymentFormValues } from '../payment-form';

/** A split: amount rows by method, with what is left to cover shown as they are typed. */
export function SplitRows({
  form,
  totalPaise,
  onAmount,
}: {
  form: UseFormReturnType<PaymentFormValues>;
  totalPaise: number | null;
  /** An amount typed in a row (the last row then takes what is left: withRowAmount). */
  onAmount: (index: number, amount: string) => void;
}) {
  const { rows } = form.getValues();
  const left = totalPaise === null ? null : totalPaise - splitPaidPaise(rows);
  return (
    <Stack gap="xs">
      {rows.map((row, index) => (
        <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
          <Select
            {...form.getInputProps(`rows.${index}.method`)}
            label={BILLING_TEXT.splitMethod(index + 1)}
            data={RECEIVED_METHODS}
            allowDeselect={false}
            w={110}
          />
          <TextInput
            {...form.getInputProps(`rows.${index}.amount`)}
            onChange={(event) => onAmount(index, event.currentTarget.value)}
            label={BILLING_TEXT.splitAmount(index + 1)}
            inputMode="decimal"
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={26}
            size="lg"
            aria-label={BILLING_TEXT.removeSplitRow(index + 1)}
            disabled={rows.length <= 1}
            onClick={() => form.removeListItem('rows', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MAX_SPLIT_PAYMENTS}
          onClick={() => {
            const used = new Set(rows.map((r) => r.method));
            const next: ReceivedMethod =
              RECEIVED_METHODS.find((method) => !used.has(method)) ?? 'Cash';
            form.insertListItem('rows', splitRow(next));
          }}
        >
          {BILLING_TEXT.addSplitRow}
        </Button>
        {left !== null && (
          <Text size="sm" fw={600} aria-live="polite" c={left < 0 ? 'red' : undefined}>
            {left === 0
              ? BILLING_TEXT.allReceived
              : left > 0
                ? BILLING_TEXT.remaining(left)
                : BILLING_TEXT.overpaid(-left)}
          </Text>
        )}
      </Group>
      {typeof form.errors.rows === 'string' && (
        <Text size="sm" c="red" role="alert">
          {form.errors.rows}
        </Text>
      )}
    </Stack>
  );
}
