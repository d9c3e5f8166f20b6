import type { ReactNode } from 'react';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconArmchair, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LABELS } from '../../../shared/messages';
import { can } from '../../../shared/permissions';
import type { TableSummary } from '../../../shared/schemas/tables.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useTables } from './api/get-tables';
import { useKitchenFloor } from './api/kots';
import { TableCard } from './components/table-card';
import { SectionsButton } from './components/sections-manager';
import { TableSections } from './components/table-sections';
import { useNow } from '../../lib/open-time';
import { TABLE_TEXT } from './table-text';
import './tables.css';

/** Two cards a row on phones, three on tablets (either way up, beside the sidebar), more on desktops. */
const GRID_COLS = { base: 2, sm: 3, lg: 4, xl: 5 };

/**
 * /usersidebar/billing: a card per table with its running amount; a table is opened by its
 * number, paid by its 'Pay' button (`onPay`, composed by the app with the payment modal).
 */
export function TablesPage({
  onPay,
  actions,
}: {
  onPay: (table: TableSummary) => void;
  /** More header actions, composed by the app (billing's "Today's bills"). */
  actions?: ReactNode;
}) {
  const tables = useTables();
  // Each open table's items cooking and ready in the kitchen.
  const floor = useKitchenFloor();
  const session = useSession();
  const now = useNow();
  const canManage = Boolean(session.data && can(session.data.user.role, 'branchSettings.manage'));
  const canManageSections = Boolean(session.data && can(session.data.user.role, 'kitchen.manage'));
  const addTable = (
    <Button component={Link} to={paths.addTable} leftSection={<IconPlus size={18} aria-hidden />}>
      {LABELS.table.addTable}
    </Button>
  );

  const body = () => {
    if (tables.isPending) {
      return <CardSkeleton label={TABLE_TEXT.loadingTables} count={8} columns={4} />;
    }
    if (tables.isError) {
      return (
        <QueryError
          title={TABLE_TEXT.loadFailed}
          error={tables.error}
          onRetry={() => void tables.refetch()}
        />
      );
    }
    if (tables.data.items.length === 0) {
      return (
        <EmptyState
          icon={IconArmchair}
          message={TABLE_TEXT.empty}
          hint={TABLE_TEXT.emptyHint}
          action={{ label: LABELS.table.addTable, to: paths.addTable }}
        />
      );
    }
    const grid = (items: TableSummary[], labelledBy?: string) => (
      <SimpleGrid
        component="ul"
        aria-labelledby={labelledBy}
        cols={GRID_COLS}
        spacing="sm"
        p={0}
        m={0}
        className="tf-table-grid"
      >
        {items.map((table) => (
          <TableCard
            key={table.id}
            table={table}
            now={now}
            onPay={onPay}
            canManage={canManage}
            kitchen={floor.data?.get(table.id)}
          />
        ))}
      </SimpleGrid>
    );
    // Under their sections' headings, in the sections' order (docs/kitchen.md).
    return (
      <TableSections items={tables.data.items} sections={tables.data.sections} renderGrid={grid} />
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={TABLE_TEXT.title}
        count={tables.data?.items.length}
        subtitle={TABLE_TEXT.listHint}
        actions={
          actions || canManageSections ? (
            <Group gap="xs" wrap="wrap" justify="flex-end">
              {actions}
              {canManageSections && <SectionsButton />}
              {addTable}
            </Group>
          ) : (
            addTable
          )
        }
      />
      <div aria-busy={tables.isFetching}>{body()}</div>
    </Stack>
  );
}
