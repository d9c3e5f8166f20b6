import type { ChangeEvent } from 'react';
import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLockSquareRounded } from '@tabler/icons-react';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { PIN_PATTERN } from '../../../../shared/kitchen';
import { formFeedback } from '../../../lib/form-feedback';
import { useSession } from '../../../lib/session';
import { useApprovalPin, useSetApprovalPin } from './api/approval-pin';

const FIELDS = ['currentPassword', 'pin'] as const;

export const PIN_TEXT = {
  title: 'Approval PIN',
  explain:
    'Your PIN approves a void (an item taken off after it was sent to the kitchen) and complimentary items above the limit on a waiter’s device. Keep it to yourself: five wrong tries lock it for 15 minutes.',
  set: 'Set',
  notSet: 'Not set',
  setOn: (when: string) => `Set ${when}`,
  pin: 'New PIN',
  pinHint: '4 to 6 digits',
  confirm: 'PIN again',
  confirmHint: 'Type it once more',
  password: 'Your password',
  passwordRequired: 'Your password is required',
  pinInvalid: 'PIN must be 4 to 6 digits',
  mismatch: 'The two PINs differ',
  save: 'Save PIN',
  change: 'Change PIN',
  saved: 'Your approval PIN is saved.',
  notSaved: 'The PIN could not be saved',
} as const;

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** Settings (managers): set or change the own approval PIN with the password. */
export function ApprovalPinCard() {
  const timeZone = useSession().data?.branch?.timeZone;
  const status = useApprovalPin();
  const save = useSetApprovalPin();
  const form = useForm({
    mode: 'controlled',
    initialValues: { pin: '', confirm: '', currentPassword: '' },
    validate: {
      pin: (pin) => (PIN_PATTERN.test(pin) ? null : PIN_TEXT.pinInvalid),
      confirm: (confirm, values) => (confirm === values.pin ? null : PIN_TEXT.mismatch),
      currentPassword: (password) => (password ? null : PIN_TEXT.passwordRequired),
    },
  });
  const submit = form.onSubmit(({ pin, currentPassword }) =>
    save.mutate(
      { pin, currentPassword },
      formFeedback({
        success: () => PIN_TEXT.saved,
        onDone: () => form.reset(),
        fields: FIELDS,
        setErrors: form.setErrors,
        failureTitle: PIN_TEXT.notSaved,
      }),
    ),
  );
  const isSet = status.data?.set === true;
  const pinInput = (field: 'pin' | 'confirm') => ({
    ...form.getInputProps(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, digitsOnly(event.currentTarget.value)),
    inputMode: 'numeric' as const,
    pattern: '[0-9]*',
    maxLength: 6,
    autoComplete: 'off',
  });
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="approval-pin-title"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="xs" wrap="nowrap">
              <IconLockSquareRounded size={22} aria-hidden />
              <Title order={2} size="h4" id="approval-pin-title">
                {PIN_TEXT.title}
              </Title>
            </Group>
            {status.data && (
              // Mantine's light green/gray text on its tint is below 4.5:1 (axe color-contrast):
              // darker ink on the same tint.
              <Badge
                color={isSet ? 'green' : 'gray'}
                variant="light"
                c={isSet ? '#1d6630' : '#3d4248'}
              >
                {isSet ? PIN_TEXT.set : PIN_TEXT.notSet}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {PIN_TEXT.explain}
            {isSet &&
              status.data?.updatedAt &&
              ` ${PIN_TEXT.setOn(formatDisplayDateTime(new Date(status.data.updatedAt), timeZone))}.`}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PasswordInput
              label={PIN_TEXT.pin}
              description={PIN_TEXT.pinHint}
              withAsterisk
              name="pin"
              {...pinInput('pin')}
            />
            <PasswordInput
              label={PIN_TEXT.confirm}
              withAsterisk
              name="pin-confirm"
              description={PIN_TEXT.confirmHint}
              {...pinInput('confirm')}
            />
          </SimpleGrid>
          <PasswordInput
            label={PIN_TEXT.password}
            withAsterisk
            name="currentPassword"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {isSet ? PIN_TEXT.change : PIN_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
