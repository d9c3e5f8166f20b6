import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordBodySchema } from '../../../shared/schemas/auth.schemas';
import { paths } from '../../config/paths';
import { fieldErrors } from '../../lib/field-errors';
import { AuthCard } from './auth-card';
import { useResetPassword } from './api/passwords';

/** Opened from the mailed link (/reset-password?token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordBodySchema.safeParse({ token, newPassword });
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (confirm !== newPassword) next.confirm = 'The two new passwords differ';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    reset.mutate(
      { token, newPassword },
      { onError: (failure) => setErrors({ form: failure.message }) },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert color="green" role="status">
          Your password has been changed. Log in with the new one.
        </Alert>
        <Button component={Link} to={paths.login}>
          Go to login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="At least 8 characters.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
            error={errors.newPassword}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.confirm}
          />
          {(errors.form || errors.token) && (
            <Alert color="red" role="alert">
              {errors.form ?? errors.token}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="center">
        Ask for a new link
      </Anchor>
    </AuthCard>
  );
}
