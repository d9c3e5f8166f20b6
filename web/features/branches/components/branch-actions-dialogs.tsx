import { useState } from 'react';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import type { BranchAction } from './branch-actions-menu';
import { RenewPlanModal } from './renew-plan-modal';
import { ResetPasswordModal } from './reset-password-modal';
import { SetActiveModal } from './set-active-modal';

/**
 * The dialogs behind the row menus. The chosen branch is kept while a dialog closes, so its
 * words do not change during the closing animation.
 */
export function useBranchActionDialogs() {
  const [target, setTarget] = useState<{ action: BranchAction; branch: BranchView } | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (action: BranchAction, branch: BranchView) => {
    setTarget({ action, branch });
    setOpened(true);
  };
  const close = () => setOpened(false);
  const branchFor = (...actions: BranchAction[]) =>
    target && actions.includes(target.action) ? target.branch : null;

  const dialogs = (
    <>
      <RenewPlanModal branch={branchFor('renew')} opened={opened} onClose={close} />
      <SetActiveModal
        branch={branchFor('deactivate', 'reactivate')}
        opened={opened}
        onClose={close}
      />
      <ResetPasswordModal branch={branchFor('resetPassword')} opened={opened} onClose={close} />
    </>
  );
  return { open, dialogs };
}
