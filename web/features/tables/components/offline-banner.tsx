import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTapOutbox } from '../api/order-sync';
import { TABLE_TEXT } from '../table-text';

/**
 * Under the header of every branch screen while the server cannot be reached: taps are kept on
 * the device and how many wait. A status, not an alert: it informs, nothing must be done.
 */
export function OfflineBanner() {
  const { offline, unsent } = useTapOutbox();
  if (!offline) return null;
  const count = [...unsent.values()].reduce((sum, ops) => sum + ops.length, 0);
  return (
    <Alert
      role="status"
      aria-live="polite"
      color="orange"
      variant="filled"
      radius="md"
      py={8}
      mb="md"
      style={{
        position: 'sticky',
        top: 'calc(var(--app-shell-header-offset, 60px) + 8px)',
        zIndex: 150,
      }}
      icon={<IconCloudOff size={18} aria-hidden />}
      title={TABLE_TEXT.offlineTitle(count)}
      data-testid="offline-banner"
    >
      {TABLE_TEXT.offlineBanner}
    </Alert>
  );
}
