import { useState, type FormEvent } from 'react';
import { Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { totpCodeSchema, type TwoFactorSetup } from '../../../../shared/schemas/auth.schemas';
import { ApiError } from '../../../lib/api';
import { useConfirmTwoFactorSetup } from '../api/two-factor';
import { CodeInput } from './code-input';
import { QrCode } from './qr-code';

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Set-up: scan the QR code (or type the key), then prove it with the app's first code. The new
 * recovery codes come back to the page.
 */
export function SetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}) {
  const confirm = useConfirmTwoFactorSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) return setError(MESSAGES.twoFactor.codeFormat);
    setError(null);
    confirm.mutate(parsed.data, {
      onSuccess: (result) => onEnabled(result.recoveryCodes),
      onError: (failure) =>
        setError((failure instanceof ApiError && failure.fields?.code) || failure.message),
    });
  };

  return (
    <Stack gap="md">
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>
          Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password, Authy or any other).
        </List.Item>
        <List.Item>In the app, add an account and scan this QR code.</List.Item>
        <List.Item>Enter the 6-digit code the app then shows.</List.Item>
      </List>
      <Group justify="center">
        <QrCode value={setup.otpauthUri} label="QR code to scan with your authenticator app" />
      </Group>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Can’t scan? Enter this key in the app (time-based):
        </Text>
        <Group gap="xs" align="center">
          <Code fz="sm" data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <CodeInput value={code} onChange={setCode} error={error} />
          <Button type="submit" loading={confirm.isPending}>
            {LABELS.twoFactor.turnOn}
          </Button>
          {onCancel && (
            <Button variant="subtle" color="gray" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
