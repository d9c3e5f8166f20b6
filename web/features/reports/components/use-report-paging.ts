import { useState } from 'react';

/**
 * The page and page size of a report's rows; the page goes back to 1 whenever `filter`
 * changes.
 */
export function useReportPaging(filter: unknown) {
  const filterKey = JSON.stringify(filter);
  const [paging, setPaging] = useState({ key: filterKey, page: 1, pageSize: 50 });
  const page = paging.key === filterKey ? paging.page : 1;
  return {
    page,
    pageSize: paging.pageSize,
    setPage: (next: number) => setPaging({ key: filterKey, page: next, pageSize: paging.pageSize }),
    setPageSize: (pageSize: number) => setPaging({ key: filterKey, page: 1, pageSize }),
  };
}
