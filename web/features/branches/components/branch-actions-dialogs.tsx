import { useState } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { confirmAction } from '../../../components/confirm';
import { ResetPasswordModal } from '../../../components/reset-password-modal';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useResetManagerPassword } from '../api/reset-manager-password';
import { useResetManagerTwoFactor } from '../api/reset-manager-two-factor';
import { BRANCH_TEXT } from '../branch-text';
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
  const resetTwoFactor = useResetManagerTwoFactor();
  const open = (action: BranchAction, branch: BranchView) => {
    if (action === 'resetTwoFactor') return confirmResetTwoFactor(branch);
    setTarget({ action, branch });
    setOpened(true);
  };
  const close = () => setOpened(false);
  const confirmResetTwoFactor = (branch: BranchView) => {
    const name = branch.managerName ?? branch.ownerName;
    const text = BRANCH_TEXT.resetTwoFactor;
    confirmAction({
      title: text.title(name),
      message: text.body,
      confirmLabel: text.confirm,
      danger: true,
      onConfirm: () =>
        resetTwoFactor.mutate(branch.id, {
          onSuccess: ({ wasOn }) =>
            notifySuccess(
              wasOn ? MESSAGES.twoFactor.resetDone(name) : MESSAGES.twoFactor.resetWasOff(name),
            ),
          onError: (error) => notifyActionFailure(error, BRANCH_TEXT.failedTitle),
        }),
    });
  };
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
