import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate } from '../../lib/router';
import { MESSAGES } from '../../../shared/messages';
import type { ApiError } from '../../lib/api';
import { changePasswordBody } from '../../../shared/schemas/auth.schemas';
import { AuthCard } from './auth-card';
import { LogOutButton } from './log-out-button';
import { useChangePassword } from './api/passwords';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../lib/form-feedback';
import { fieldErrors } from '../../lib/field-errors';

/** Forced at first login (temporary password) and open to anyone signed in from the sidebar. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const session = useSession();
  const change = useChangePassword();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const forced = session.data?.user.mustChangePassword ?? false;
  // The field's name and its messages agree: 'Temporary password is required'.
  const currentLabel = forced ? 'Temporary password' : 'Current password';

  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears currentTarget before a state updater runs.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordBody(currentLabel).safeParse(values);
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (values.confirm !== values.newPassword) next.confirm = 'The two new passwords differ';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          notifySuccess(MESSAGES.auth.passwordChanged);
          navigate(result.home, { replace: true });
        },
        onError: (failure) => setErrors({ form: failure.message, ...(failure as ApiError).fields }),
      },
    );
  };

  return (
    <AuthCard
      title="Change password"
      subtitle={
        forced
          ? 'You signed in with a temporary password. Choose your own to continue.'
          : 'Choose a new password of at least 8 characters.'
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={currentLabel}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            error={errors.confirm}
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
          {!forced && session.data && (
            <Button component={Link} to={session.data.home} variant="subtle" color="gray">
              Cancel
            </Button>
          )}
          {forced && <LogOutButton />}
        </Stack>
      </form>
    </AuthCard>
  );
}
