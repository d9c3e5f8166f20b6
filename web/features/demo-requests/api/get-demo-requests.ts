import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoRequestView } from '../../../../shared/schemas/demo-requests.schemas';
import { api } from '../../../lib/api';

export type DemoRequestRow = DemoRequestView;
export interface DemoRequestPage {
  items: DemoRequestView[];
  total: number;
}
export interface DemoRequestQuery {
  search: string;
  page: number;
  pageSize: number;
}

export const demoRequestsQueryKey = ['demo-requests'] as const;

export function fetchDemoRequests(
  { search, page, pageSize }: DemoRequestQuery,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) params.set('search', search);
  return api<DemoRequestPage>(`/demo-requests?${params}`, { signal });
}

export const demoRequestsQueryOptions = (query: DemoRequestQuery) =>
  queryOptions({
    queryKey: [...demoRequestsQueryKey, query],
    queryFn: ({ signal }) => fetchDemoRequests(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDemoRequests(query: DemoRequestQuery) {
  return useQuery(demoRequestsQueryOptions(query));
}
