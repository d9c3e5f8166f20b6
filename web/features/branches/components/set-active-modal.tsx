import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { useSetBranchActive } from '../api/set-branch-active';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { BRANCH_TEXT } from '../branch-text';

type Props = {
  /** The branch to deactivate (when active) or reactivate (when deactivated). */
  branch: BranchView | null;
  opened: boolean;
  onClose: () => void;
};

/** Asks before a branch is stopped (its people are logged out at once) or started again. */
export function SetActiveModal({ branch, opened, onClose }: Props) {
  const setActive = useSetBranchActive();
  const activate = branch ? !branch.isActive : false;
  const text = activate ? BRANCH_TEXT.reactivate : BRANCH_TEXT.deactivate;

  const confirm = () => {
    if (!branch) return;
    setActive.mutate(
      { id: branch.id, active: activate },
      {
        onSuccess: (saved) => {
          notifySuccess(text.done(saved.name));
          onClose();
        },
        onError: (error) => notifyActionFailure(error, BRANCH_TEXT.failedTitle),
      },
    );
  };

  return (
    <Modal
      opened={opened && branch !== null}
      onClose={onClose}
      title={branch ? text.title(branch.name) : ''}
    >
      <Stack gap="md">
        <Text size="sm">{text.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {BRANCH_TEXT.cancel}
          </Button>
          <Button
            color={activate ? undefined : 'red'}
            loading={setActive.isPending}
            onClick={confirm}
            data-autofocus
          >
            {activate ? BRANCH_TEXT.actions.reactivate : BRANCH_TEXT.actions.deactivate}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
