import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DUES_SETTLE_METHODS, type DuesSettleMethod } from '../../../../shared/constants';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import {
  SETTLE_METHOD_MESSAGE,
  defaultSettleMethod,
  type DueRow,
} from '../../../../shared/schemas/payments-report.schemas';
import { formFeedback } from '../../../lib/form-feedback';
import { useSettleBill } from '../api/dues';
import { DUES_TEXT as text } from './dues-text';

const FIELDS = ['method'] as const;

/**
 * The spec's 'Update Payment' popup: mark a Due bill as Settled with a method (Cash, Card,
 * UPI, Other; the bill's own method first when it is one of them, else Cash), Confirm and
 * Cancel. Confirm says 'Payment details saved successfully.' and closes.
 */
export function UpdatePaymentModal({
  due,
  opened,
  onClose,
}: {
  due: DueRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={LABELS.dues.updatePayment}>
      {/* Keyed by the bill, so each opening starts from that bill's default method. */}
      {due && <UpdatePaymentForm key={due.id} due={due} onClose={onClose} />}
    </Modal>
  );
}

function UpdatePaymentForm({ due, onClose }: { due: DueRow; onClose: () => void }) {
  const settle = useSettleBill();
  const form = useForm<{ method: DuesSettleMethod | null }>({
    mode: 'controlled',
    initialValues: { method: defaultSettleMethod(due.method) },
    validate: { method: (method) => (method ? null : SETTLE_METHOD_MESSAGE) },
  });
  const submit = form.onSubmit(({ method }) =>
    settle.mutate(
      { id: due.id, method: method! },
      formFeedback({
        success: () => MESSAGES.payment.saved,
        onDone: onClose,
        fields: FIELDS,
        setErrors: form.setErrors,
        failureTitle: text.updateFailed,
      }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {text.markSettled(due.tableLabel, formatInr(due.outstandingPaise), due.responsible)}
        </Text>
        <Select
          label={text.method}
          data={DUES_SETTLE_METHODS}
          allowDeselect={false}
          withAsterisk
          data-autofocus
          {...form.getInputProps('method')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {LABELS.dues.cancel}
          </Button>
          <Button type="submit" loading={settle.isPending}>
            {LABELS.dues.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
