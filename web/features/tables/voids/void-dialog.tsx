import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { uuidv7 } from '../../../lib/uuid-v7';
import { PIN_PATTERN } from '../../../../shared/kitchen';
import { QueryError } from '../../../components/query-error';
import { formFeedback } from '../../../lib/form-feedback';
import { ManagerApproval, useOnlyManager } from '../../../components/manager-approval';
import { useApprovers } from '../../../lib/approvers';
import { useVoidLine } from './void-api';
import type { VoidableLine } from './voidable';
import { VOID_TEXT as text } from './void-text';

const FIELDS = ['quantity', 'reason', 'managerId', 'pin'] as const;

/**
 * 'Void Masala Dosa': how many (up to what the kitchen was sent), a reason from the branch's
 * list, the approving manager and their PIN (typed by the manager on this device); Void takes
 * them off and the kitchen gets a CANCELLED ticket. Errors are said under their fields.
 */
export function VoidDialog({
  tableId,
  line,
  onClose,
}: {
  tableId: string;
  line: VoidableLine | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={line !== null} onClose={onClose} title={line ? text.title(line.name) : ''}>
      {/* Keyed by the line: each opening starts afresh, with its own op id. */}
      {line && <VoidForm key={line.key} tableId={tableId} line={line} onClose={onClose} />}
    </Modal>
  );
}

interface Values {
  quantity: number;
  reason: string;
  managerId: string;
  pin: string;
}

function VoidForm({
  tableId,
  line,
  onClose,
}: {
  tableId: string;
  line: VoidableLine;
  onClose: () => void;
}) {
  // One op id per opening: a retry after a lost answer finds the void it made.
  const [opId] = useState(() => uuidv7());
  const approvers = useApprovers(true);
  const voidLine = useVoidLine(tableId);
  const sent = line.sentQuantity;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { quantity: 1, reason: '', managerId: '', pin: '' },
    validate: {
      reason: (reason) => (reason ? null : text.chooseReason),
      managerId: (managerId) => (managerId ? null : text.chooseManager),
      pin: (pin) => (PIN_PATTERN.test(pin) ? null : text.pinRequired),
    },
  });
  const managers = approvers.data?.items ?? [];
  const { setFieldValue } = form;
  // One manager with a PIN: they are the one who approves.
  useOnlyManager(approvers.data, form.values.managerId, (id) => setFieldValue('managerId', id));
  const quantity = form.values.quantity;
  const setQuantity = (next: number) =>
    form.setFieldValue('quantity', Math.min(sent, Math.max(1, next)));

  const submit = form.onSubmit((values) =>
    voidLine.mutate(
      { opId, lineKey: line.key, ...values },
      formFeedback({
        success: (answer) => text.done(answer.void.quantity, answer.void.name),
        onDone: onClose,
        fields: FIELDS,
        setErrors: (errors) => {
          // A refused PIN is typed again (its field emptied first: a change clears its error).
          if (errors.pin) form.setFieldValue('pin', '');
          form.setErrors(errors);
        },
        failureTitle: text.failed,
      }),
    ),
  );

  if (approvers.isError) {
    return (
      <QueryError
        title={text.loadFailed}
        error={approvers.error}
        onRetry={() => void approvers.refetch()}
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{text.explain(sent)}</Text>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm" fw={500} id="void-quantity-label">
              {text.quantity}
            </Text>
            <Text size="xs" c="dimmed">
              {text.value(quantity * line.unitPricePaise)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap" role="group" aria-labelledby="void-quantity-label">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={text.fewer}
              disabled={quantity <= 1}
              onClick={() => setQuantity(quantity - 1)}
            >
              <IconMinus size={18} aria-hidden />
            </ActionIcon>
            <Text fw={700} w={32} ta="center" data-testid="void-quantity" aria-live="polite">
              {quantity}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={text.more}
              disabled={quantity >= sent}
              onClick={() => setQuantity(quantity + 1)}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {form.errors.quantity && (
          <Text size="sm" c="red" role="alert">
            {form.errors.quantity}
          </Text>
        )}
        <Radio.Group label={text.reason} withAsterisk {...form.getInputProps('reason')}>
          <Stack gap="xs" mt="xs">
            {(approvers.data?.reasons ?? []).map((reason) => (
              <Radio key={reason} value={reason} label={reason} />
            ))}
          </Stack>
        </Radio.Group>
        <ManagerApproval
          managerLabel={text.manager}
          approvers={approvers.data}
          loading={approvers.isPending}
          manager={form.getInputProps('managerId')}
          pin={form.getInputProps('pin')}
          onPin={(pin) => form.setFieldValue('pin', pin)}
          pinName="void-pin"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button
            type="submit"
            color="red"
            loading={voidLine.isPending}
            disabled={managers.length === 0}
          >
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
