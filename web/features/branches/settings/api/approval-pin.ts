import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PinBody, PinStatus } from '../../../../../shared/schemas/voids.schemas';
import { api } from '../../../../lib/api';

const pinKey = ['voids', 'pin'] as const;

/** Whether the signed-in manager has an approval PIN (GET /api/voids/pin). */
export function useApprovalPin() {
  return useQuery({
    queryKey: pinKey,
    queryFn: ({ signal }) => api<PinStatus>('/voids/pin', { signal }),
  });
}

/** Sets or changes the signed-in manager's approval PIN with their password. */
export function useSetApprovalPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PinBody) => api<PinStatus>('/voids/pin', { method: 'PUT', body }),
    onSuccess: (status) => queryClient.setQueryData(pinKey, status),
  });
}
