import { useEffect, useState, type FormEvent } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, Navigate, useNavigate } from '../../lib/router';
import { clearLoginNotice, peekLoginNotice } from '../../lib/login-notice';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { startPage } from '../../../shared/start-page';
import { paths } from '../../config/paths';
import { useLogin } from './api/login';
import { useSession } from '../../lib/session';
import { PageLoader } from '../../components/page-loader';
import { AuthCard } from './auth-card';
import { TwoFactorLoginStep } from './two-factor/two-factor-login-step';

/**
 * The spec's login screen: Email ID, Password with show/hide, Remember Me, the error line; then,
 * for an account with two-factor sign-in, the code step on the same screen.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const session = useSession();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(peekLoginNotice);
  const [codeStep, setCodeStep] = useState(false);
  useEffect(clearLoginNotice, []);

  if (session.isPending) {
    return <PageLoader fullScreen />;
  }
  // Already signed in: the spec sends a super admin to /admin-dashboard, others to
  // /user-dashboard; a kitchen account has the kitchen display alone.
  if (session.data && !login.isPending && !login.isSuccess) {
    return <Navigate to={startPage(session.data.user, 'home')} replace />;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(!email.trim() ? MESSAGES.login.emailRequired : MESSAGES.login.passwordRequired);
      return;
    }
    setError(null);
    login.mutate(
      { email, password, rememberMe },
      {
        onSuccess: (result) => {
          if ('twoFactorRequired' in result) setCodeStep(true);
          else void navigate(result.home, { replace: true });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  if (codeStep) {
    return (
      <TwoFactorLoginStep
        onRestart={(message) => {
          setCodeStep(false);
          setPassword('');
          setError(message);
          login.reset();
        }}
      />
    );
  }

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Sign in to run your branch.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={LABELS.login.emailId}
            type="email"
            autoComplete="username"
            // The one field to fill first: the cursor starts here (spec: login focuses Email ID).
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={LABELS.login.password}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              label={LABELS.login.rememberMe}
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.currentTarget.checked)}
            />
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {LABELS.login.forgotPassword}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" disabled={login.isPending}>
            {login.isPending ? MESSAGES.login.loggingIn : LABELS.login.submit}
          </Button>
          {error && (
            <Text role="alert" c="var(--mantine-color-error)" size="sm" ta="center">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
