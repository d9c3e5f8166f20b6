import { Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_REOPEN_REASON, reopenDayBodySchema } from '../../../../shared/schemas/cash.schemas';
import { ModalFormActions, SubjectModal } from '../../../components/subject-modal';
import { fieldErrors } from '../../../lib/field-errors';
import { formFeedback } from '../../../lib/form-feedback';
import { useReopenDay } from '../api/reopen-day';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';

const FIELDS = ['reason'] as const;

/** Reopen a closed business day, with the reason kept in the audit trail (`date` null: closed). */
export function ReopenDayModal({ date, onClose }: { date: string | null; onClose: () => void }) {
  return (
    <SubjectModal subject={date} onClose={onClose} title={TEXT.reopenTitle}>
      {(day) => <ReopenForm date={day} onClose={onClose} />}
    </SubjectModal>
  );
}

function ReopenForm({ date, onClose }: { date: string; onClose: () => void }) {
  const reopen = useReopenDay();
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } });
  const submit = form.onSubmit((values) => {
    const parsed = reopenDayBodySchema.safeParse({ date, ...values });
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    reopen.mutate(
      parsed.data,
      formFeedback({
        success: () => TEXT.reopened(date),
        onDone: onClose,
        fields: FIELDS,
        setErrors: form.setErrors,
        failureTitle: TEXT.dayNotReopened,
      }),
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{TEXT.reopenHint}</Text>
        <Textarea
          {...form.getInputProps('reason')}
          name="reason"
          label={TEXT.reopenReason}
          placeholder={TEXT.reopenReasonPlaceholder}
          maxLength={MAX_REOPEN_REASON}
          withAsterisk
          autosize
          minRows={2}
          maxRows={4}
          data-autofocus
        />
        <ModalFormActions
          submitLabel={TEXT.reopenDay}
          onCancel={onClose}
          loading={reopen.isPending}
        />
      </Stack>
    </form>
  );
}
