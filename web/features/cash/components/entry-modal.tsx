import { useState } from 'react';
import { Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { uuidv7 } from '../../../lib/uuid-v7';
import { CASH_ENTRY_REASONS, type CashEntryKind } from '../../../../shared/cash';
import { MAX_CASH_NOTE, type Shift } from '../../../../shared/schemas/cash.schemas';
import { ModalFormActions } from '../../../components/subject-modal';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useAddCashEntry } from '../api/add-cash-entry';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';
import {
  ENTRY_FIELDS,
  emptyEntryValues,
  entryBody,
  entryField,
  type EntryValues,
} from '../entry-form';

export interface EntryTarget {
  shift: Shift;
  kind: CashEntryKind;
}

/** Cash put in or taken out of an open shift's drawer, with a reason (`target` null: closed). */
export function EntryModal({
  target,
  onClose,
}: {
  target: EntryTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? TEXT.entryTitle(target.kind, target.shift.counterName) : ''}
    >
      {target && (
        <EntryForm
          key={`${target.shift.id}-${target.kind}`}
          shift={target.shift}
          kind={target.kind}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function EntryForm({
  shift,
  kind,
  onClose,
}: {
  shift: Shift;
  kind: CashEntryKind;
  onClose: () => void;
}) {
  const [idempotencyKey] = useState(() => uuidv7());
  const add = useAddCashEntry(shift.id);
  const { formRef, focusFirstError } = useFocusFirstError(ENTRY_FIELDS);
  const form = useForm<EntryValues>({ mode: 'controlled', initialValues: emptyEntryValues(kind) });

  const submit = form.onSubmit((values) => {
    const checked = entryBody(kind, values, idempotencyKey);
    if (!checked.body) {
      form.setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    add.mutate(
      checked.body,
      formFeedback({
        success: () => TEXT.entrySaved(kind, checked.body.amountPaise),
        onDone: onClose,
        fields: ENTRY_FIELDS,
        rename: entryField,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: TEXT.entryNotSaved,
      }),
    );
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          {...form.getInputProps('reason')}
          name="reason"
          label={TEXT.reason}
          size="md"
          withAsterisk
          data={[...CASH_ENTRY_REASONS[kind]]}
        />
        <TextInput
          {...form.getInputProps('amount')}
          name="amount"
          label={TEXT.amount}
          size="md"
          inputMode="decimal"
          autoComplete="off"
          leftSection="₹"
          withAsterisk
          data-autofocus
        />
        <Textarea
          {...form.getInputProps('note')}
          name="note"
          label={TEXT.optionalNote}
          maxLength={MAX_CASH_NOTE}
          autosize
          minRows={2}
          maxRows={4}
        />
        <ModalFormActions submitLabel={TEXT.record} onCancel={onClose} loading={add.isPending} />
      </Stack>
    </form>
  );
}
