import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PIN_PATTERN } from '../../../../shared/kitchen';
import { MAX_CASH_NOTE, type Shift } from '../../../../shared/schemas/cash.schemas';
import { ModalFormActions } from '../../../components/subject-modal';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useApprovers } from '../../../lib/approvers';
import {
  APPROVAL_TEXT,
  ManagerApproval,
  useOnlyManager,
} from '../../../components/manager-approval';
import { useCloseShift } from '../api/close-shift';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';
import {
  COUNT_FIELDS,
  countField,
  countOf,
  emptyCountValues,
  type CountValues,
} from '../count-form';
import { currentShiftId, rememberShift } from '../../../lib/current-shift';
import { CountFields } from './count-fields';
import { underCount } from './open-shift-modal';
import { ShiftFigures } from './shift-figures';

const FIELDS = [...COUNT_FIELDS, 'note', 'managerId', 'pin'] as const;

interface Values {
  count: CountValues;
  note: string;
  managerId: string;
  pin: string;
}

/** The API's field of a close as the form's ('approval.pin' → 'pin', 'closingCount.…' → count). */
const closeField = (apiField: string) => countField(apiField.replace(/^approval\./, ''));

/**
 * Close a shift: the drawer counted note by note and a note; a difference above the branch's
 * limit asks for a manager and their PIN, then the same count is sent again with the approval.
 * Once closed: what was expected, counted, and the difference.
 */
export function CloseShiftModal({ shift, onClose }: { shift: Shift | null; onClose: () => void }) {
  const [closed, setClosed] = useState<Shift | null>(null);
  const done = () => {
    setClosed(null);
    onClose();
  };
  return (
    <Modal
      opened={shift !== null}
      onClose={done}
      title={shift ? TEXT.closeTitle(shift.counterName) : ''}
    >
      {closed ? (
        <ClosedResult shift={closed} onDone={done} />
      ) : (
        shift && <CloseShiftForm key={shift.id} shift={shift} onClose={done} onClosed={setClosed} />
      )}
    </Modal>
  );
}

function ClosedResult({ shift, onDone }: { shift: Shift; onDone: () => void }) {
  return (
    <Stack gap="md" data-testid="close-result">
      <Text fw={700}>{TEXT.result}</Text>
      <ShiftFigures shift={shift} />
      {shift.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {TEXT.note}:
          </Text>{' '}
          {shift.note}
        </Text>
      )}
      {shift.approvedBy && (
        <Text size="sm" c="dimmed">
          {TEXT.approvedBy(shift.approvedBy)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {TEXT.done}
        </Button>
      </Group>
    </Stack>
  );
}

function CloseShiftForm({
  shift,
  onClose,
  onClosed,
}: {
  shift: Shift;
  onClose: () => void;
  onClosed: (shift: Shift) => void;
}) {
  const close = useCloseShift(shift.id);
  /** The server's sentence when the difference needs a manager's approval. */
  const [approvalNeeded, setApprovalNeeded] = useState<string | null>(null);
  const approvers = useApprovers(approvalNeeded !== null);
  const approvalRef = useRef<HTMLDivElement>(null);
  // The manager's part appears under the count: bring it into view.
  useEffect(() => {
    if (approvalNeeded !== null) approvalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [approvalNeeded]);
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { count: emptyCountValues(), note: '', managerId: '', pin: '' },
  });
  const { setFieldValue } = form;
  useOnlyManager(approvers.data, form.values.managerId, (id) => setFieldValue('managerId', id));

  const setErrors = (errors: Record<string, string>) => {
    const { note, managerId, pin, ...count } = errors;
    // A refused PIN is typed again.
    if (pin) form.setFieldValue('pin', '');
    const own = Object.entries({ note, managerId, pin }).filter(([, message]) => message);
    form.setErrors({ ...underCount(count), ...Object.fromEntries(own) });
  };

  const submit = form.onSubmit((values) => {
    const checked = countOf(values.count);
    const errors: Record<string, string> = { ...checked.errors };
    if (approvalNeeded !== null) {
      if (!values.managerId) errors.managerId = APPROVAL_TEXT.chooseManager;
      if (!PIN_PATTERN.test(values.pin)) errors.pin = TEXT.pinRequired;
    }
    if (!checked.count || Object.keys(errors).length > 0) {
      setErrors(errors);
      focusFirstError(errors);
      return;
    }
    const note = values.note.trim();
    const feedback = formFeedback({
      success: () => TEXT.shiftClosed(shift.counterName),
      onDone: (answer: Shift) => {
        if (currentShiftId() === shift.id) rememberShift(null);
        onClosed(answer);
      },
      fields: FIELDS,
      rename: closeField,
      setErrors,
      focusFirstError,
      failureTitle: TEXT.notClosed,
    });
    close.mutate(
      {
        closingCount: checked.count,
        ...(note === '' ? {} : { note }),
        ...(approvalNeeded !== null
          ? { approval: { managerId: values.managerId, pin: values.pin } }
          : {}),
      },
      {
        onSuccess: feedback.onSuccess,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'cash.approval_needed') {
            setApprovalNeeded(error.message);
            return;
          }
          feedback.onError(error);
        },
      },
    );
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {TEXT.closeHint}
        </Text>
        <CountFields form={form} />
        <Textarea
          {...form.getInputProps('note')}
          name="note"
          label={TEXT.closeNote}
          description={TEXT.closeNoteHint}
          maxLength={MAX_CASH_NOTE}
          autosize
          minRows={2}
          maxRows={4}
        />
        {approvalNeeded !== null && (
          <Stack gap="sm" ref={approvalRef}>
            <Alert
              color="yellow"
              title={TEXT.approvalTitle}
              styles={{ title: { color: '#6b4a00' } }}
              icon={<IconAlertTriangle size={18} aria-hidden />}
              role="alert"
            >
              {approvalNeeded}
            </Alert>
            {approvers.isError ? (
              <QueryError
                title={TEXT.approversFailed}
                error={approvers.error}
                onRetry={() => void approvers.refetch()}
              />
            ) : (
              <ManagerApproval
                approvers={approvers.data}
                loading={approvers.isPending}
                manager={form.getInputProps('managerId')}
                pin={form.getInputProps('pin')}
                onPin={(pin) => form.setFieldValue('pin', pin)}
                pinName="pin"
                noManagers={TEXT.noManagers}
                size="md"
              />
            )}
          </Stack>
        )}
        <ModalFormActions
          submitLabel={approvalNeeded !== null ? TEXT.closeAndApprove : TEXT.closeShift}
          onCancel={onClose}
          loading={close.isPending}
        />
      </Stack>
    </form>
  );
}
