import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PIN_PATTERN } from '../../../shared/kitchen';
import { APPROVAL_TEXT, ManagerApproval, useOnlyManager } from '../../components/manager-approval';
import { ModalFormActions } from '../../components/subject-modal';
import { QueryError } from '../../components/query-error';
import { useApprovers } from '../../lib/approvers';
import { formFeedback } from '../../lib/form-feedback';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { FIXED_DISPLAY_TEXT as TEXT, useSetFixedDisplay } from './api/fixed-display';

const FIELDS = ['managerId', 'pin'] as const;

/**
 * A staff member's device made a fixed display: a manager chooses themselves and types their
 * approval PIN on it (the void approvers' list and PIN, counted like a void's).
 */
export function FixedDisplayApproval({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const approvers = useApprovers(opened);
  const save = useSetFixedDisplay();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm({
    initialValues: { managerId: '', pin: '' },
    validate: {
      managerId: (value) => (value ? null : APPROVAL_TEXT.chooseManager),
      pin: (value) => (PIN_PATTERN.test(value) ? null : 'PIN must be 4 to 6 digits'),
    },
  });
  useOnlyManager(approvers.data, form.values.managerId, (id) =>
    form.setFieldValue('managerId', id),
  );
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={TEXT.approvalTitle} centered>
      <form
        ref={formRef}
        noValidate
        onSubmit={form.onSubmit(
          (values) =>
            save.mutate(
              { fixedDisplay: true, ...values },
              formFeedback({
                fields: FIELDS,
                setErrors: form.setErrors,
                focusFirstError,
                failureTitle: TEXT.failed,
                onDone: close,
              }),
            ),
          focusFirstError,
        )}
      >
        <Stack>
          <Text size="sm">{TEXT.approvalIntro}</Text>
          {approvers.isError ? (
            <QueryError
              title={TEXT.failed}
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
              size="md"
            />
          )}
          <ModalFormActions submitLabel={TEXT.approve} onCancel={close} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
