import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffBody, StaffMember } from '../../../../shared/schemas/staff.schemas';
import { api } from '../../../lib/api';
import { staffQueryKey } from './get-staff';

export const createStaff = (body: CreateStaffBody) =>
  api<StaffMember>('/staff', { method: 'POST', body });

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
