import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { totpCodeSchema, type TwoFactorProof } from '../../../../shared/schemas/auth.schemas';
import { CodeInput, OwnerPasswordInput } from './code-input';

/**
 * "Is it really you?" before turning two-factor sign-in off or moving it to a new phone: the
 * password, or a code of the app. Server field errors come back through `errors`.
 */
export function ProofForm({
  submitLabel,
  danger = false,
  pending,
  errors,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  errors: Record<string, string>;
  onSubmit: (proof: TwoFactorProof) => void;
  onCancel: () => void;
}) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [ownError, setOwnError] = useState<string | null>(null);
  const error = ownError ?? (withCode ? errors.code : errors.password) ?? errors.code ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withCode) {
      const parsed = totpCodeSchema.safeParse(value);
      if (!parsed.success) return setOwnError(MESSAGES.twoFactor.codeFormat);
      setOwnError(null);
      onSubmit({ code: parsed.data });
    } else {
      if (!value) return setOwnError(MESSAGES.login.passwordRequired);
      setOwnError(null);
      onSubmit({ password: value });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {withCode ? (
          <CodeInput key="code" value={value} onChange={setValue} error={error} autoFocus />
        ) : (
          <OwnerPasswordInput
            key="password"
            value={value}
            onChange={setValue}
            error={error}
            autoFocus
          />
        )}
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setWithCode((on) => !on);
            setValue('');
            setOwnError(null);
          }}
        >
          {withCode ? 'Use your password instead' : LABELS.twoFactor.useAppCode}
        </Anchor>
        <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="subtle" color="gray" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
