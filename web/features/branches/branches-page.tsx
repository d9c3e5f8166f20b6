import { useEffect, useState } from 'react';
import { Button, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from '../../lib/router';
import { LABELS } from '../../../shared/messages';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { TableSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { useBranches } from './api/get-branches';
import { BRANCH_TEXT } from './branch-text';
import { useBranchActionDialogs } from './components/branch-actions-dialogs';
import { BranchCards } from './components/branch-cards';
import { BranchesTable } from './components/branches-table';
import { useBelow } from '../../lib/use-below';

/** /branches: every branch with its plan status; renew, deactivate, reset the manager's login. */
export function BranchesPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const branches = useBranches(debounced);
  const { open, dialogs } = useBranchActionDialogs();
  // A table from 1200 px: below, with the sidebar, its columns have no room (tablets get cards).
  const wide = !useBelow('lg');

  // The search stays in the address, so a link (or a reload) shows the same list.
  useEffect(() => {
    setParams(debounced ? { search: debounced } : {}, { replace: true });
  }, [debounced, setParams]);

  return (
    <Stack gap="lg">
      <PageHeader
        title={BRANCH_TEXT.listTitle}
        count={branches.data?.length}
        actions={
          <Button
            component={Link}
            to={paths.admin}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {LABELS.admin.addBranch}
          </Button>
        }
      />
      <TextInput
        type="search"
        aria-label={BRANCH_TEXT.searchLabel}
        placeholder={BRANCH_TEXT.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={branches.isFetching && !branches.isPending ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
      />
      {branches.isPending ? (
        <TableSkeleton label={BRANCH_TEXT.loading} columns={5} />
      ) : branches.isError ? (
        <QueryError
          title={BRANCH_TEXT.loadFailed}
          error={branches.error}
          onRetry={() => void branches.refetch()}
        />
      ) : branches.data.length === 0 ? (
        debounced ? (
          <EmptyState icon={IconSearch} message={BRANCH_TEXT.noMatch(debounced)} />
        ) : (
          <EmptyState
            icon={IconBuildingStore}
            message={BRANCH_TEXT.empty}
            action={{ label: LABELS.admin.addBranch, to: paths.admin }}
          />
        )
      ) : wide ? (
        <Paper withBorder radius="md">
          <BranchesTable branches={branches.data} onAction={open} />
        </Paper>
      ) : (
        <BranchCards branches={branches.data} onAction={open} />
      )}
      {dialogs}
    </Stack>
  );
}
