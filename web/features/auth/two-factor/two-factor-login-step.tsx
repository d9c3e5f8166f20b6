import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { useNavigate } from '../../../lib/router';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { totpCodeSchema } from '../../../../shared/schemas/auth.schemas';
import { ApiError } from '../../../lib/api';
import { AuthCard } from '../auth-card';
import { useTwoFactorLogin } from '../api/login';
import { CodeInput, RecoveryCodeInput } from './code-input';

/**
 * Login's second step, after a right password on an account with two-factor sign-in: the code
 * of the authenticator app, or one of the recovery codes. A login left for 5 minutes goes back
 * to the password with the server's sentence.
 */
export function TwoFactorLoginStep({
  onRestart,
}: {
  /** Back to the password step, with the message to show there (null: the user chose so). */
  onRestart: (message: string | null) => void;
}) {
  const navigate = useNavigate();
  const verify = useTwoFactorLogin();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let body: { code: string } | { recoveryCode: string };
    if (recovery) {
      if (!value.trim()) return setError(MESSAGES.twoFactor.recoveryCodeRequired);
      body = { recoveryCode: value };
    } else {
      const parsed = totpCodeSchema.safeParse(value);
      if (!parsed.success) return setError(MESSAGES.twoFactor.codeFormat);
      body = { code: parsed.data };
    }
    setError(null);
    verify.mutate(body, {
      onSuccess: (session) => navigate(session.home, { replace: true }),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'auth.two_factor_login_expired') {
          onRestart(failure.message);
          return;
        }
        const fields = failure instanceof ApiError ? failure.fields : undefined;
        setError(fields?.code ?? fields?.recoveryCode ?? failure.message);
      },
    });
  };

  const toggle = () => {
    setRecovery((on) => !on);
    setValue('');
    setError(null);
  };

  return (
    <AuthCard
      title={LABELS.twoFactor.title}
      subtitle={
        recovery
          ? 'Lost your phone? Sign in with one of your recovery codes.'
          : 'Open your authenticator app and enter the code it shows for TableFlow.'
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {recovery ? (
            <RecoveryCodeInput
              key="recovery"
              value={value}
              onChange={setValue}
              error={error}
              autoFocus
            />
          ) : (
            <CodeInput key="code" value={value} onChange={setValue} error={error} autoFocus />
          )}
          <Button type="submit" fullWidth size="md" loading={verify.isPending}>
            {LABELS.twoFactor.verify}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={toggle}>
            {recovery ? LABELS.twoFactor.useAppCode : LABELS.twoFactor.useRecoveryCode}
          </Anchor>
          <Button variant="subtle" color="gray" onClick={() => onRestart(null)}>
            Back to login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
