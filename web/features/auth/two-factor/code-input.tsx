import { PasswordInput, TextInput } from '@mantine/core';
import { LABELS } from '../../../../shared/messages';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}

/** The 6-digit code of an authenticator app: a number pad on phones, filled by password managers. */
export function CodeInput({ value, onChange, error, autoFocus }: FieldProps) {
  return (
    <TextInput
      label={LABELS.twoFactor.code}
      description="6 digits from your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      styles={{ input: { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}

/** One of the recovery codes saved at set-up (xxxx-xxxx-xxxx). */
export function RecoveryCodeInput({ value, onChange, error, autoFocus }: FieldProps) {
  return (
    <TextInput
      label={LABELS.twoFactor.recoveryCode}
      description="One of the codes you saved when you set up two-factor sign-in; each works once"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/** The account's password, to prove it is its owner before a change. */
export function OwnerPasswordInput({ value, onChange, error, autoFocus }: FieldProps) {
  return (
    <PasswordInput
      label={LABELS.login.password}
      autoComplete="current-password"
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
