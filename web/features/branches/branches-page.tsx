import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { LABELS } from '../../../shared/messages';
import { paths } from '../../config/paths';
import { useBranches } from './api/get-branches';
import { BRANCH_TEXT } from './branch-text';
import { useBranchActionDialogs } from './components/branch-actions-dialogs';
import { BranchCards } from './components/branch-cards';
import { BranchesTable } from './components/branches-table';

/** /branches: every branch with its plan status; renew, deactivate, reset the manager's login. */
export function BranchesPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const branches = useBranches(debounced);
  const { open, dialogs } = useBranchActionDialogs();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  // The search stays in the address, so a link (or a reload) shows the same list.
  useEffect(() => {
    setParams(debounced ? { search: debounced } : {}, { replace: true });
  }, [debounced, setParams]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {BRANCH_TEXT.listTitle}
        </Title>
        <Button component={Link} to={paths.admin} leftSection={<IconPlus size={18} aria-hidden />}>
          {LABELS.admin.addBranch}
        </Button>
      </Group>
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
        <Center py="xl">
          <Loader aria-label="Loading branches" />
        </Center>
      ) : branches.isError ? (
        <Alert color="red" title={BRANCH_TEXT.loadFailed}>
          <Text size="sm">{branches.error.message}</Text>
          <Button mt="sm" size="xs" variant="light" onClick={() => branches.refetch()}>
            {BRANCH_TEXT.retry}
          </Button>
        </Alert>
      ) : branches.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">{debounced ? BRANCH_TEXT.noMatch(debounced) : BRANCH_TEXT.empty}</Text>
        </Paper>
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
