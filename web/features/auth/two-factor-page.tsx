import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import type { TwoFactorProof, TwoFactorSetup } from '../../../shared/schemas/auth.schemas';
import { formatDisplayDateTime } from '../../../shared/dates';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/form-feedback';
import { useSession } from '../../lib/session';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { AuthCard } from './auth-card';
import { useStartTwoFactorSetup, useTurnOffTwoFactor, useTwoFactorStatus } from './api/two-factor';
import { LogOutButton } from './log-out-button';
import { ProofForm } from './two-factor/proof-form';
import { RecoveryCodesPanel } from './two-factor/recovery-codes-panel';
import { SetupPanel } from './two-factor/setup-panel';

type View =
  | { name: 'status' }
  | { name: 'prove'; then: 'move' | 'off' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'codes'; codes: string[] };

/** A failure as the proof form shows it: under its field, or as a line of its own. */
const errorsOf = (failure: unknown): Record<string, string> =>
  failure instanceof ApiError && failure.fields
    ? failure.fields
    : { form: failure instanceof Error ? failure.message : MESSAGES.common.unexpected };

/**
 * Two-factor sign-in of the signed-in user (account menu, and forced for a super admin who has
 * not set it up): its state, set-up with a QR code, the recovery codes once, moving to a new
 * phone, and (managers) turning it off.
 */
export function TwoFactorPage() {
  const navigate = useNavigate();
  const session = useSession();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const turnOff = useTurnOffTwoFactor();
  const [view, setView] = useState<View>({ name: 'status' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const user = session.data?.user;
  if (!user || status.isPending) return <PageLoader fullScreen />;
  const forced = user.mustSetUpTwoFactor;
  const home = session.data!.home;
  const back = () => {
    setErrors({});
    setView({ name: 'status' });
  };

  const beginSetup = (proof: Partial<TwoFactorProof> = {}) => {
    setErrors({});
    start.mutate(proof, {
      onSuccess: (setup) => setView({ name: 'setup', setup }),
      onError: (failure) => setErrors(errorsOf(failure)),
    });
  };

  const prove = (then: 'move' | 'off') => (proof: TwoFactorProof) => {
    if (then === 'move') return beginSetup(proof);
    setErrors({});
    turnOff.mutate(proof, {
      onSuccess: () => {
        notifySuccess(MESSAGES.twoFactor.turnedOff);
        back();
      },
      onError: (failure) => setErrors(errorsOf(failure)),
    });
  };

  let subtitle = 'A code from your phone at each sign-in, on top of your password.';
  if (forced) subtitle = MESSAGES.twoFactor.setupRequired;
  if (view.name === 'codes') subtitle = MESSAGES.twoFactor.turnedOn;
  if (view.name === 'prove')
    subtitle = 'First confirm it is you: your password, or a code from your app.';

  let body;
  if (status.isError) {
    body = (
      <QueryError
        title="Two-factor sign-in could not be loaded."
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  } else if (view.name === 'setup') {
    body = (
      <SetupPanel
        setup={view.setup}
        onEnabled={(codes) => setView({ name: 'codes', codes })}
        onCancel={forced ? undefined : back}
      />
    );
  } else if (view.name === 'codes') {
    body = (
      <RecoveryCodesPanel
        codes={view.codes}
        email={user.email}
        onDone={() => {
          notifySuccess(MESSAGES.twoFactor.turnedOn);
          void navigate(home, { replace: true });
        }}
      />
    );
  } else if (view.name === 'prove') {
    body = (
      <ProofForm
        submitLabel={view.then === 'off' ? LABELS.twoFactor.turnOff : 'Continue'}
        danger={view.then === 'off'}
        pending={start.isPending || turnOff.isPending}
        errors={errors}
        onSubmit={prove(view.then)}
        onCancel={back}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="green" variant="light">
            On
          </Badge>
          {status.data.enabledAt && (
            <Text size="sm" c="dimmed">
              since {formatDisplayDateTime(new Date(status.data.enabledAt))}
            </Text>
          )}
        </Group>
        <Text size="sm">
          {status.data.recoveryCodesLeft} of 10 recovery codes left.
          {status.data.recoveryCodesLeft < 4 && ' Move to a new phone or app to get ten new ones.'}
        </Text>
        <Button variant="light" onClick={() => setView({ name: 'prove', then: 'move' })}>
          {LABELS.twoFactor.setUpNewApp}
        </Button>
        {!status.data.required && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => setView({ name: 'prove', then: 'off' })}
          >
            {LABELS.twoFactor.turnOff}
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="gray" variant="light">
            Off
          </Badge>
        </Group>
        <Text size="sm">
          After your password, TableFlow will ask for the 6-digit code your phone’s authenticator
          app shows, so a stolen password alone does not open your account.
        </Text>
        <Button loading={start.isPending} onClick={() => beginSetup()}>
          {LABELS.twoFactor.setUp}
        </Button>
      </Stack>
    );
  }

  return (
    <AuthCard title={LABELS.twoFactor.title} subtitle={subtitle}>
      {errors.form && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      {body}
      {view.name === 'status' &&
        (forced ? (
          <LogOutButton />
        ) : (
          <Button component={Link} to={home} variant="subtle" color="gray">
            Back
          </Button>
        ))}
    </AuthCard>
  );
}
