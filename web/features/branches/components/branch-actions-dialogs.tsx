import { useState } from 'react';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { ResetPasswordModal } from '../../../components/reset-password-modal';
import { useResetManagerPassword } from '../api/reset-manager-password';
import type { BranchAction } from './branch-actions-menu';
import { RenewPlanModal } from './renew-plan-modal';
import { SetActiveModal } from './set-active-modal';

/**
 * The dialogs behind the row menus. The chosen branch is kept while a dialog closes, so its
 * words do not change during the closing animation.
 */
export function useBranchActionDialogs() {
  const [target, setTarget] = useState<{ action: BranchAction; branch: BranchView } | null>(null);
  const [opened, setOpened] = useState(false);
  const resetPassword = useResetManagerPassword();
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
      <ResetPasswordModal
        target={managerOf(branchFor('resetPassword'))}
        opened={opened}
        onClose={close}
        mutation={resetPassword}
      />
    </>
  );
  return { open, dialogs };
}

/** The branch's manager as the reset-password dialog names them. */
const managerOf = (branch: BranchView | null) =>
  branch && { id: branch.id, name: branch.managerName ?? branch.ownerName, email: branch.email };
