import { IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { StaffList as StaffListData } from '../../../../shared/schemas/staff.schemas';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { TableSkeleton } from '../../../components/skeletons';
import { useBranchToday } from '../../../lib/use-branch-today';
import { STAFF_TEXT } from '../staff-messages';
import type { StaffAction } from './staff-actions';
import { StaffCards } from './staff-cards';
import { StaffTable } from './staff-table';
import { useBelow } from '../../../lib/use-below';

type Props = {
  query: UseQueryResult<StaffListData>;
  onAction: (action: StaffAction) => void;
  onAdd: () => void;
};

/** Loading, failure, empty, or the staff: a table on wide screens, cards on phones. */
export function StaffList({ query, onAction, onAdd }: Props) {
  // Read at once (no first render with the wrong layout): the app only renders in a browser.
  // Cards up to 1200 px: a tablet either way up (and a laptop with the sidebar) has no room for
  // the five columns.
  const phone = useBelow('lg');
  const today = useBranchToday();

  if (query.isPending) {
    return <TableSkeleton label={STAFF_TEXT.loading} columns={5} rows={3} />;
  }
  if (query.isError) {
    return (
      <QueryError
        title={STAFF_TEXT.loadFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { items } = query.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={IconUsers}
        message={STAFF_TEXT.empty}
        action={{ label: STAFF_TEXT.addStaff, onClick: onAdd }}
      />
    );
  }
  return phone ? (
    <StaffCards items={items} today={today} onAction={onAction} />
  ) : (
    <StaffTable items={items} today={today} onAction={onAction} />
  );
}
