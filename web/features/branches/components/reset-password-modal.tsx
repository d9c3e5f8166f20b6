import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { temporaryPasswordBodySchema } from '../../../../shared/schemas/auth.schemas';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { fieldErrors } from '../../../lib/field-errors';
import { useResetManagerPassword } from '../api/reset-manager-password';
import { formErrorsOf, notifyActionFailure, notifySuccess } from '../branch-feedback';
import { BRANCH_TEXT } from '../branch-text';
import { HINT_BELOW } from './form-section';
import { TemporaryPasswordField } from '../../../components/temporary-password-field';

const { resetPassword } = BRANCH_TEXT;
const FIELDS = ['newPassword'] as const;

type Props = { branch: BranchView | null; opened: boolean; onClose: () => void };

export function ResetPasswordModal({ branch, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened && branch !== null}
      onClose={onClose}
      title={branch ? resetPassword.title(branch.name) : ''}
    >
      {branch && <ResetPasswordForm branch={branch} onDone={onClose} />}
    </Modal>
  );
}

function ResetPasswordForm({ branch, onDone }: { branch: BranchView; onDone: () => void }) {
  const reset = useResetManagerPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '' },
    validate: (values) =>
      fieldErrors(temporaryPasswordBodySchema.safeParse(values).error?.issues ?? []),
  });
  const who = branch.managerName ?? branch.ownerName;

  const submit = form.onSubmit(({ newPassword }) =>
    reset.mutate(
      { id: branch.id, newPassword },
      {
        onSuccess: () => {
          notifySuccess(resetPassword.done(who));
          onDone();
        },
        onError: (error) => {
          const errors = formErrorsOf(error, FIELDS);
          if (Object.keys(errors).length > 0) form.setErrors(errors);
          else notifyActionFailure(error, BRANCH_TEXT.failedTitle);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Manager: {who} ({branch.email})
        </Text>
        <TemporaryPasswordField
          inputWrapperOrder={HINT_BELOW}
          inputProps={form.getInputProps('newPassword')}
          name="newPassword"
          label={resetPassword.label}
          description={resetPassword.description}
          onSuggest={(password) => form.setFieldValue('newPassword', password)}
          autoFocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {BRANCH_TEXT.cancel}
          </Button>
          <Button type="submit" loading={reset.isPending}>
            {resetPassword.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
