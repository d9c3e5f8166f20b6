import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { temporaryPasswordBodySchema } from '../../../../shared/schemas/auth.schemas';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';
import { fieldErrors } from '../../../lib/field-errors';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { formFeedback } from '../staff-feedback';
import { STAFF_TEXT } from '../staff-messages';
import { MODAL_PROPS } from './modal-styles';
import { TemporaryPasswordField } from '../../../components/temporary-password-field';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';

const FIELDS = ['newPassword'] as const;

type Props = { member: StaffMember | null; onClose: () => void };

export function ResetPasswordModal({ member, onClose }: Props) {
  return (
    <Modal opened={member !== null} onClose={onClose} title="Reset password" {...MODAL_PROPS}>
      {member && <ResetPasswordForm member={member} onDone={onClose} />}
    </Modal>
  );
}

function ResetPasswordForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const reset = useResetStaffPassword();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '' },
    validate: (values) =>
      fieldErrors(temporaryPasswordBodySchema.safeParse(values).error?.issues ?? []),
  });

  const submit = form.onSubmit(
    ({ newPassword }) =>
      reset.mutate(
        { id: member.id, newPassword },
        formFeedback({
          success: () => STAFF_TEXT.passwordReset(member.name),
          onDone,
          fields: FIELDS,
          setErrors: form.setErrors,
          focusFirstError,
        }),
      ),
    focusFirstError,
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Set a temporary password for {member.name} ({member.email}) and pass it on to them in
          person. Saving signs them out; they must choose their own password at their next login.
        </Text>
        <TemporaryPasswordField
          label="Temporary password"
          description="At least 8 characters. They must change it at their next login."
          name="newPassword"
          inputProps={form.getInputProps('newPassword')}
          onSuggest={(password) => form.setFieldValue('newPassword', password)}
          autoFocus
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={reset.isPending}>
            Reset password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
