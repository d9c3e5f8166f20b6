import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchView, UpdatePlanBody } from '../../../../shared/schemas/branches.schemas';
import { api } from '../../../lib/api';
import { invalidateBranchViews } from './invalidate';

export const updatePlan = ({ id, body }: { id: string; body: UpdatePlanBody }) =>
  api<BranchView>(`/branches/${encodeURIComponent(id)}/plan`, { method: 'PUT', body });

/** Renew or extend: the branch's status, and so the list and the overview, change. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () => invalidateBranchViews(queryClient),
  });
}
