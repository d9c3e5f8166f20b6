import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { uuidv7 } from '../../../lib/uuid-v7';
import type { Counter } from '../../../../shared/schemas/cash.schemas';
import { ModalFormActions } from '../../../components/subject-modal';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useOpenShift } from '../api/open-shift';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';
import {
  COUNT_FIELDS,
  countField,
  countOf,
  emptyCountValues,
  type CountValues,
} from '../count-form';
import { rememberShift } from '../../../lib/current-shift';
import { CountFields } from './count-fields';

/** Open a shift at a counter: the float counted note by note (`counter` null: closed). */
export function OpenShiftModal({
  counter,
  onClose,
}: {
  counter: Counter | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={counter !== null}
      onClose={onClose}
      title={counter ? TEXT.openTitle(counter.name) : ''}
    >
      {counter && <OpenShiftForm key={counter.id} counter={counter} onClose={onClose} />}
    </Modal>
  );
}

/** The count fields' errors under the form's `count.` names. */
export const underCount = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([name, message]) => [`count.${name}`, message]));

function OpenShiftForm({ counter, onClose }: { counter: Counter; onClose: () => void }) {
  // One key per opening of the form: a retry after a lost answer finds the shift it opened.
  const [idempotencyKey] = useState(() => uuidv7());
  const open = useOpenShift();
  const { formRef, focusFirstError } = useFocusFirstError(COUNT_FIELDS);
  const form = useForm<{ count: CountValues }>({
    mode: 'controlled',
    initialValues: { count: emptyCountValues() },
  });

  const submit = form.onSubmit((values) => {
    const checked = countOf(values.count);
    if (!checked.count) {
      form.setErrors(underCount(checked.errors));
      focusFirstError(checked.errors);
      return;
    }
    open.mutate(
      { counterId: counter.id, openingCount: checked.count, idempotencyKey },
      formFeedback({
        success: (shift) => TEXT.opened(counter.name, shift.floatPaise),
        onDone: (shift) => {
          rememberShift(shift.id);
          onClose();
        },
        fields: COUNT_FIELDS,
        rename: countField,
        setErrors: (errors) => form.setErrors(underCount(errors)),
        focusFirstError,
        failureTitle: TEXT.notOpened,
      }),
    );
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {TEXT.openHint}
        </Text>
        <CountFields form={form} />
        <ModalFormActions
          submitLabel={TEXT.openShift}
          onCancel={onClose}
          loading={open.isPending}
        />
      </Stack>
    </form>
  );
}
