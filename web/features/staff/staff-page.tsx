import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ResetPasswordModal } from '../../components/reset-password-modal';
import { useStaff } from './api/get-staff';
import { useResetStaffPassword } from './api/reset-staff-password';
import { AddStaffModal } from './components/add-staff-modal';
import { EditPlanModal } from './components/edit-plan-modal';
import type { StaffAction } from './components/staff-actions';
import { StaffHeader } from './components/staff-header';
import { StaffList } from './components/staff-list';

/**
 * /staff, for the branch manager: the branch's staff accounts within the plan's number of
 * users; add, activate or deactivate, set plan dates, give a temporary password.
 */
export function StaffPage() {
  const staff = useStaff();
  const [adding, { open: openAdd, close: closeAdd }] = useDisclosure(false);
  const [action, setAction] = useState<StaffAction | null>(null);
  const close = () => setAction(null);
  const resetPassword = useResetStaffPassword();

  return (
    <Stack gap="lg" maw={1100}>
      <StaffHeader list={staff.data} onAdd={openAdd} />
      <StaffList query={staff} onAction={setAction} onAdd={openAdd} />
      <AddStaffModal opened={adding} onClose={closeAdd} />
      <EditPlanModal member={action?.kind === 'plan' ? action.member : null} onClose={close} />
      <ResetPasswordModal
        target={action?.kind === 'password' ? action.member : null}
        onClose={close}
        mutation={resetPassword}
      />
    </Stack>
  );
}
