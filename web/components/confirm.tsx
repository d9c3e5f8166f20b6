import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title: string;
  /** What happens if the user goes on, in one or two sentences. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

/**
 * Asks before an action that cannot be taken back in one click (deactivate, delete, reset):
 * `confirmAction({ title: 'Deactivate Asha?', message: '...', confirmLabel: 'Deactivate', danger: true, onConfirm })`.
 * Cancel has the focus first, so Enter never confirms by accident.
 */
export function confirmAction({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: danger ? { color: 'red' } : {},
    cancelProps: { 'data-autofocus': true },
    onConfirm,
    onCancel,
  });
}
