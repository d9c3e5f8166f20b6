import { Alert, Modal, NativeSelect, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { PIN_PATTERN } from '../../../shared/kitchen';
import type { ApproverList } from '../../../shared/schemas/voids.schemas';
import { ModalFormActions } from '../../components/subject-modal';
import { QueryError } from '../../components/query-error';
import { api } from '../../lib/api';
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
  const approvers = useQuery({
    queryKey: ['voids', 'approvers'],
    queryFn: ({ signal }) => api<ApproverList>('/voids/approvers', { signal }),
    enabled: opened,
    staleTime: 0,
  });
  const save = useSetFixedDisplay();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm({
    initialValues: { managerId: '', pin: '' },
    validate: {
      managerId: (value) => (value ? null : TEXT.chooseManager),
      pin: (value) => (PIN_PATTERN.test(value) ? null : 'PIN must be 4 to 6 digits'),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const managers = approvers.data?.items ?? [];
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
          ) : approvers.data && managers.length === 0 ? (
            <Alert color="yellow">{TEXT.noManagers}</Alert>
          ) : (
            <>
              <NativeSelect
                {...form.getInputProps('managerId')}
                name="managerId"
                label={TEXT.manager}
                size="md"
                withAsterisk
                data={[
                  {
                    value: '',
                    label: approvers.isPending ? TEXT.loadingManagers : TEXT.chooseManager,
                  },
                  ...managers.map((manager) => ({ value: manager.id, label: manager.name })),
                ]}
              />
              <PasswordInput
                {...form.getInputProps('pin')}
                name="pin"
                label={TEXT.pin}
                size="md"
                withAsterisk
                inputMode="numeric"
                maxLength={6}
                autoComplete="off"
                onChange={(event) =>
                  form.setFieldValue(
                    'pin',
                    event.currentTarget.value.replace(/\D/g, '').slice(0, 6),
                  )
                }
              />
            </>
          )}
          <ModalFormActions submitLabel={TEXT.approve} onCancel={close} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
