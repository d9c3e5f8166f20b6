import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack } from '@mantine/core';
import { Link, useSearchParams } from '../../lib/router';
import { MESSAGES } from '../../../shared/messages';
import { resetLinkBodySchema, resetPasswordBodySchema } from '../../../shared/schemas/auth.schemas';
import { paths } from '../../config/paths';
import type { ApiError } from '../../lib/api';
import { fieldErrors } from '../../lib/field-errors';
import { AuthCard } from './auth-card';
import { useResetLinkState, useResetPassword } from './api/passwords';

/** A used, expired, replaced or bogus link: say so at once and offer a new one. */
function LinkNoLongerValid() {
  return (
    <AuthCard title="Link no longer valid">
      <Alert color="red" role="alert">
        {MESSAGES.auth.resetLinkNoLongerValid}
      </Alert>
      <Button component={Link} to={paths.forgotPassword}>
        Ask for a new link
      </Button>
      <Anchor component={Link} to={paths.login} size="sm" ta="center">
        Back to login
      </Anchor>
    </AuthCard>
  );
}

/** Opened from the mailed link (/reset-password?token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = resetLinkBodySchema.safeParse({ token }).success;
  const link = useResetLinkState(token, wellFormed);
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [linkDied, setLinkDied] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordBodySchema.safeParse({ token, newPassword });
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (confirm !== newPassword) next.confirm = 'The two new passwords differ';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    reset.mutate(
      { token, newPassword },
      {
        onError: (failure) => {
          // Used or replaced while the page was open.
          if ((failure as ApiError).code === 'auth.reset_link_invalid') setLinkDied(true);
          else setErrors({ form: failure.message });
        },
      },
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

  if (!wellFormed || linkDied || link.data?.usable === false) return <LinkNoLongerValid />;

  if (link.isPending) {
    return (
      <AuthCard title="Choose a new password">
        <Stack align="center" py="md">
          <Loader aria-label="Checking the link" />
        </Stack>
      </AuthCard>
    );
  }

  if (link.isError) {
    return (
      <AuthCard title="Choose a new password">
        <Alert color="red" role="alert">
          {link.error.message}
        </Alert>
        <Button onClick={() => void link.refetch()}>Try again</Button>
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
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
