import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCalendarPlus,
  IconDotsVertical,
  IconKey,
  IconPlayerPlay,
  IconPlayerStop,
  IconShieldOff,
} from '@tabler/icons-react';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { BRANCH_TEXT } from '../branch-text';

export type BranchAction =
  'renew' | 'deactivate' | 'reactivate' | 'resetPassword' | 'resetTwoFactor';

const { actions } = BRANCH_TEXT;

/**
 * The row's actions: renew / extend, deactivate or reactivate, reset the manager's password or
 * two-factor sign-in.
 */
export function BranchActionsMenu({
  branch,
  onAction,
}: {
  branch: BranchView;
  onAction: (action: BranchAction, branch: BranchView) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={actions.menu(branch.code)}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          onClick={() => onAction('renew', branch)}
        >
          {actions.renew}
        </Menu.Item>
        {branch.isActive ? (
          <Menu.Item
            color="red"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            onClick={() => onAction('deactivate', branch)}
          >
            {actions.deactivate}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => onAction('reactivate', branch)}
          >
            {actions.reactivate}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconKey size={16} aria-hidden />}
          disabled={!branch.managerName}
          onClick={() => onAction('resetPassword', branch)}
        >
          {actions.resetPassword}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconShieldOff size={16} aria-hidden />}
          disabled={!branch.managerName}
          onClick={() => onAction('resetTwoFactor', branch)}
        >
          {actions.resetTwoFactor}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
