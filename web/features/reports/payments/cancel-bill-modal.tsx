import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CANCEL_REASONS,
  MAX_CANCEL_REASON,
  cancelBillBodySchema,
} from '../../../../shared/schemas/cancel.schemas';
import { formFeedback } from '../../../lib/form-feedback';
import { CANCEL_TEXT as text, useCancelBill } from './cancel-bill';

const OTHER = 'other';
const FIELDS = ['reason'] as const;

export interface BillToCancel {
  id: string;
  number: string;
}

/**
 * 'Cancel bill DC/2627/000012': a reason from the list or typed (Other), then Cancel bill; Keep
 * bill closes. The bill then shows Cancelled wherever it is listed.
 */
export function CancelBillModal({
  bill,
  onClose,
}: {
  bill: BillToCancel | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={bill !== null} onClose={onClose} title={bill ? text.title(bill.number) : ''}>
      {/* Keyed by the bill, so each opening starts with no reason chosen. */}
      {bill && <CancelBillForm key={bill.id} bill={bill} onClose={onClose} />}
    </Modal>
  );
}

function CancelBillForm({ bill, onClose }: { bill: BillToCancel; onClose: () => void }) {
  const cancel = useCancelBill();
  const form = useForm<{ choice: string; typed: string }>({
    mode: 'controlled',
    initialValues: { choice: '', typed: '' },
    validate: {
      choice: (choice) => (choice ? null : text.chooseReason),
      typed: (typed, values) => {
        if (values.choice !== OTHER) return null;
        const parsed = cancelBillBodySchema.shape.reason.safeParse(typed);
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? text.chooseReason);
      },
    },
  });
  const submit = form.onSubmit(({ choice, typed }) =>
    cancel.mutate(
      { id: bill.id, reason: choice === OTHER ? typed : choice },
      formFeedback({
        success: () => text.done(bill.number),
        onDone: onClose,
        fields: FIELDS,
        // The server's message about the reason belongs under the typed reason (or the list).
        setErrors: (errors) =>
          form.setErrors(
            form.values.choice === OTHER ? { typed: errors.reason } : { choice: errors.reason },
          ),
        failureTitle: text.failed,
      }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{text.explain}</Text>
        <Radio.Group label={text.reason} withAsterisk {...form.getInputProps('choice')}>
          <Stack gap="xs" mt="xs">
            {CANCEL_REASONS.map((reason, index) => (
              <Radio
                key={reason}
                value={reason}
                label={reason}
                data-autofocus={index === 0 || undefined}
              />
            ))}
            <Radio value={OTHER} label={text.other} />
          </Stack>
        </Radio.Group>
        {form.values.choice === OTHER && (
          <TextInput
            label={text.typed}
            withAsterisk
            maxLength={MAX_CANCEL_REASON}
            autoFocus
            {...form.getInputProps('typed')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {text.keep}
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
