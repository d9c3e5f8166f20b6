import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSectionBody,
  Section,
  UpdateSectionBody,
} from '../../../../shared/schemas/sections.schemas';
import { api } from '../../../lib/api';
import { tableKeys } from './keys';

const sectionPath = (id: string) => `/tables/sections/${encodeURIComponent(id)}`;

export const createSection = (body: CreateSectionBody) =>
  api<Section>('/tables/sections', { method: 'POST', body });

export const updateSection = ({ id, body }: { id: string; body: UpdateSectionBody }) =>
  api<Section>(sectionPath(id), { method: 'PUT', body });

export const archiveSection = ({ id }: { id: string; name: string }) =>
  api<unknown>(sectionPath(id), { method: 'DELETE' });

/** The sections come with the tables list (GET /api/tables): a change refetches it. */
function useSectionMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tableKeys.list }),
  });
}

export const useCreateSection = () => useSectionMutation(createSection);
export const useUpdateSection = () => useSectionMutation(updateSection);
export const useArchiveSection = () => useSectionMutation(archiveSection);
