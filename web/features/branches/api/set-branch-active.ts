import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { api } from '../../../lib/api';
import { invalidateBranchViews } from './invalidate';

export const setBranchActive = ({ id, active }: { id: string; active: boolean }) =>
  api<BranchView>(`/branches/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, {
    method: 'POST',
  });

/** Deactivate (ends the branch's sessions) or reactivate: its status changes everywhere. */
export function useSetBranchActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBranchActive,
    onSuccess: () => invalidateBranchViews(queryClient),
  });
}
