import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from '../../lib/router';
import { forgotPasswordBodySchema } from '../../../shared/schemas/auth.schemas';
import { paths } from '../../config/paths';
import { AuthCard } from './auth-card';
import { useForgotPassword } from './api/passwords';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setError(null);
    forgot.mutate(parsed.data.email, { onError: (failure) => setError(failure.message) });
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email you log in with. We will mail you a link to choose a new password."
    >
      {forgot.isSuccess ? (
        <Alert color="green" role="status">
          {forgot.data.message}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email ID"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={forgot.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.login} size="sm" ta="center">
        Back to login
      </Anchor>
    </AuthCard>
  );
}
