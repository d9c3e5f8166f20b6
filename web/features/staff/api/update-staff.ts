import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, UpdateStaffBody } from '../../../../shared/schemas/staff.schemas';
import { api } from '../../../lib/api';
import { staffQueryKey } from './get-staff';

export const updateStaff = ({ id, body }: { id: string; body: UpdateStaffBody }) =>
  api<StaffMember>(`/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body });

/** Rename, plan dates, activate or deactivate: the list and its active count change. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
