import { Switch } from '@mantine/core';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';
import { useUpdateStaff } from '../api/update-staff';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { STAFF_TEXT, staffFailureTitle } from '../staff-messages';
import { confirmAction } from '../../../components/confirm';

/**
 * Activates at once (the server keeps the plan's limit); deactivating asks first, because it
 * signs the member out on every device.
 */
export function ActiveSwitch({ member }: { member: StaffMember }) {
  const update = useUpdateStaff();
  // While saving (and until the list is read again), show the state being saved.
  const checked = update.isPending ? update.variables.body.isActive : member.isActive;

  const save = (isActive: boolean) =>
    update.mutate(
      { id: member.id, body: { isActive } },
      {
        onSuccess: (saved) =>
          notifySuccess(
            isActive ? STAFF_TEXT.activated(saved.name) : STAFF_TEXT.deactivated(saved.name),
          ),
        onError: (error) => notifyActionFailure(error, staffFailureTitle(error)),
      },
    );

  const confirmDeactivation = () =>
    confirmAction({
      title: STAFF_TEXT.confirmDeactivateTitle(member.name),
      message: STAFF_TEXT.confirmDeactivate(member.name),
      confirmLabel: 'Deactivate',
      danger: true,
      onConfirm: () => save(false),
    });

  const on = checked ?? member.isActive;
  return (
    <Switch
      label={on ? 'Active' : 'Inactive'}
      checked={on}
      disabled={update.isPending}
      onChange={(event) => (event.currentTarget.checked ? save(true) : confirmDeactivation())}
    />
  );
}
