import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { failureReason } from '../lib/failure-reason';

type Props = {
  /** What could not be loaded ('The staff list could not be loaded.'). */
  title: string;
  error: unknown;
  /** Loads again (a query's `refetch`). */
  onRetry: () => void;
};

/** The one way a screen shows a failed load: what failed, why (in words), and Try again. */
export function QueryError({ title, error, onRetry }: Props) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{failureReason(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
