import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { temporaryPasswordBodySchema } from '../../shared/schemas/auth.schemas';
import { fieldErrors } from '../lib/field-errors';
import { formFeedback } from '../lib/form-feedback';
import { useFocusFirstError } from '../lib/use-focus-first-error';
import { TemporaryPasswordField } from './temporary-password-field';
import { ModalFormActions, SubjectModal } from './subject-modal';

/** Whose password is reset: a staff member, or a branch's manager. */
export type ResetPasswordTarget = { id: string; name: string; email: string };

/** A mutation that sets a temporary password (the staff one or the branch manager one). */
export type ResetPasswordMutation = UseMutationResult<
  unknown,
  Error,
  { id: string; newPassword: string }
>;

const FIELDS = ['newPassword'] as const;

export const RESET_PASSWORD_TEXT = {
  title: (name: string) => `Reset password of ${name}`,
  intro: (name: string, email: string) =>
    `Set a temporary password for ${name} (${email}) and pass it on to them in person; it is not mailed. Saving signs them out; they must choose their own password at their next login.`,
  label: 'New temporary password',
  description: 'At least 8 characters.',
  submit: 'Reset password',
  done: (name: string) =>
    `Temporary password set for ${name}. Pass it on: they must change it at their next login.`,
  failed: 'Password not reset',
} as const;

type Props = {
  /** Opens the dialog for this person; null closes it. */
  target: ResetPasswordTarget | null;
  /** Lets the caller keep the target while the dialog closes (its words do not change). */
  opened?: boolean;
  onClose: () => void;
  mutation: ResetPasswordMutation;
};

/**
 * The one "give a temporary password" dialog, for a staff member (by their manager) and for a
 * branch's manager (by the super admin): the new password, a suggested one, and the same words.
 */
export function ResetPasswordModal({ target, opened = true, onClose, mutation }: Props) {
  return (
    <SubjectModal
      subject={target}
      opened={opened}
      onClose={onClose}
      title={(subject) => RESET_PASSWORD_TEXT.title(subject.name)}
    >
      {(subject) => <ResetPasswordForm target={subject} onDone={onClose} mutation={mutation} />}
    </SubjectModal>
  );
}

function ResetPasswordForm({
  target,
  onDone,
  mutation,
}: {
  target: ResetPasswordTarget;
  onDone: () => void;
  mutation: ResetPasswordMutation;
}) {
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '' },
    validate: (values) =>
      fieldErrors(temporaryPasswordBodySchema.safeParse(values).error?.issues ?? []),
  });

  const submit = form.onSubmit(
    ({ newPassword }) =>
      mutation.mutate(
        { id: target.id, newPassword },
        formFeedback({
          success: () => RESET_PASSWORD_TEXT.done(target.name),
          onDone,
          fields: FIELDS,
          setErrors: form.setErrors,
          focusFirstError,
          failureTitle: RESET_PASSWORD_TEXT.failed,
        }),
      ),
    focusFirstError,
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{RESET_PASSWORD_TEXT.intro(target.name, target.email)}</Text>
        <TemporaryPasswordField
          label={RESET_PASSWORD_TEXT.label}
          description={RESET_PASSWORD_TEXT.description}
          name="newPassword"
          inputProps={form.getInputProps('newPassword')}
          onSuggest={(password) => form.setFieldValue('newPassword', password)}
          autoFocus
        />
        <ModalFormActions
          submitLabel={RESET_PASSWORD_TEXT.submit}
          onCancel={onDone}
          loading={mutation.isPending}
        />
      </Stack>
    </form>
  );
}
