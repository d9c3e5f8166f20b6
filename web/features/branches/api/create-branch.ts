import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBranchBody, CreatedBranch } from '../../../../shared/schemas/branches.schemas';
import { api } from '../../../lib/api';
import { invalidateBranchViews } from './invalidate';

export const createBranch = (body: CreateBranchBody) =>
  api<CreatedBranch>('/branches', { method: 'POST', body });

export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    onSuccess: () => invalidateBranchViews(queryClient),
  });
}
