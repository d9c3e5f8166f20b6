import { Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';
import { useUpdateStaff } from '../api/update-staff';
import { notifyFailure, notifySuccess } from '../staff-feedback';
import { STAFF_TEXT } from '../staff-messages';
import { MODAL_PROPS } from './modal-styles';

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
        onError: notifyFailure,
      },
    );

  const confirmDeactivation = () =>
    modals.openConfirmModal({
      title: STAFF_TEXT.confirmDeactivateTitle(member.name),
      children: <Text size="sm">{STAFF_TEXT.confirmDeactivate(member.name)}</Text>,
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      ...MODAL_PROPS,
      onConfirm: () => save(false),
    });

  return (
    <Switch
      label="Active"
      checked={checked ?? member.isActive}
      disabled={update.isPending}
      onChange={(event) => (event.currentTarget.checked ? save(true) : confirmDeactivation())}
    />
  );
}
