import type { ReactNode } from 'react';
import { Button, Group, Modal, type ModalProps } from '@mantine/core';

type SubjectModalProps<T> = {
  /** What the dialog is about (a branch, a staff member); null closes it. */
  subject: T | null;
  /** Lets the caller keep the subject while the dialog closes (its words do not change). */
  opened?: boolean;
  onClose: () => void;
  title: (subject: T) => string;
  size?: ModalProps['size'];
  /** The dialog's form, mounted afresh for each subject, so it starts from that one's values. */
  children: (subject: T) => ReactNode;
};

/** A dialog with a form about one thing: renew a branch's plan, edit a member's dates, reset a password. */
export function SubjectModal<T>({
  subject,
  opened = true,
  onClose,
  title,
  size,
  children,
}: SubjectModalProps<T>) {
  return (
    <Modal
      opened={opened && subject !== null}
      onClose={onClose}
      title={subject !== null ? title(subject) : ''}
      size={size}
    >
      {subject !== null && children(subject)}
    </Modal>
  );
}

/** A dialog form's buttons, bottom right: Cancel, then the submit button. */
export function ModalFormActions({
  submitLabel,
  onCancel,
  loading,
  cancelLabel = 'Cancel',
}: {
  submitLabel: string;
  onCancel: () => void;
  loading: boolean;
  cancelLabel?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
