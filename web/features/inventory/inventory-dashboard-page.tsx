import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage, IconPlus, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { Link } from '../../lib/router';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { can } from '../../../shared/permissions';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { TableSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useInventory } from './api/get-inventory';
import { InventoryCards } from './components/inventory-cards';
import { InventoryFilters } from './components/inventory-filters';
import { InventorySummary } from './components/inventory-summary';
import { InventoryTable } from './components/inventory-table';
import { INVENTORY_TEXT } from './inventory-text';
import { useDeleteWithConfirmation } from './use-delete-with-confirmation';
import { useBelow } from '../../lib/use-below';

/**
 * /inventorydashboard: the branch's ingredients with their quantities, low-stock marks, value
 * and history. The manager adds, edits and deletes; staff read it and add stock.
 */
export function InventoryDashboardPage() {
  const { data: session } = useSession();
  const canManage = !!session && can(session.user.role, 'inventory.manage');
  const timeZone = session?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  // Below 62em the eight columns would scroll sideways: cards instead (two a row on tablets).
  const narrow = useBelow('md');

  const [category, setCategory] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [debouncedName] = useDebouncedValue(name.trim(), 250);
  const filtered = !!category || debouncedName !== '';
  const inventory = useInventory({
    category: category ?? undefined,
    name: debouncedName || undefined,
  });

  // The low-stock card filters the list to the items below their level (and back).
  const [lowOnly, setLowOnly] = useState(false);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const deletion = useDeleteWithConfirmation();
  const list = inventory.data;
  const actions = (
    <>
      {canManage && (
        <Button
          component={Link}
          to={paths.addIngredient}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {LABELS.inventory.addInventory}
        </Button>
      )}
      <Button
        component={Link}
        to={paths.addStock}
        variant={canManage ? 'light' : 'filled'}
        leftSection={<IconTruckDelivery size={18} aria-hidden />}
      >
        {LABELS.inventory.addStock}
      </Button>
    </>
  );

  const body = () => {
    if (inventory.isPending)
      return <TableSkeleton label={MESSAGES.inventory.loading} columns={6} rows={6} />;
    if (inventory.isError) {
      return (
        <QueryError
          title={INVENTORY_TEXT.loadFailed}
          error={inventory.error}
          onRetry={() => void inventory.refetch()}
        />
      );
    }
    const items = lowOnly
      ? inventory.data.items.filter((item) => item.isLow)
      : inventory.data.items;
    if (lowOnly && items.length === 0 && inventory.data.items.length > 0) {
      return (
        <EmptyState
          icon={IconPackage}
          message={INVENTORY_TEXT.noneLowHere}
          action={{ label: INVENTORY_TEXT.showAllItems, onClick: () => setLowOnly(false) }}
        />
      );
    }
    if (items.length === 0) {
      return filtered ? (
        <EmptyState
          icon={IconPackage}
          message={MESSAGES.inventory.empty}
          hint={INVENTORY_TEXT.noMatches}
          action={{
            label: INVENTORY_TEXT.clearFilters,
            onClick: () => {
              setCategory(null);
              setName('');
            },
          }}
        />
      ) : (
        <EmptyState
          icon={IconPackage}
          message={MESSAGES.inventory.empty}
          action={
            canManage
              ? { label: LABELS.inventory.addInventory, to: paths.addIngredient }
              : undefined
          }
        />
      );
    }
    const listProps = {
      items,
      timeZone,
      canManage,
      expanded,
      onToggle: toggle,
      ...deletion,
    };
    return narrow ? <InventoryCards {...listProps} /> : <InventoryTable {...listProps} />;
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={LABELS.inventory.title} count={list?.count} actions={actions} />
      {list && (
        <InventorySummary
          list={list}
          lowOnly={lowOnly}
          onToggleLow={() => setLowOnly((on) => !on)}
        />
      )}
      <InventoryFilters category={category} onCategory={setCategory} name={name} onName={setName} />
      {lowOnly && (
        <Group gap="xs" justify="space-between" wrap="wrap" role="status">
          <Text size="sm" fw={600} c="red.8">
            {INVENTORY_TEXT.showingLowOnly}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => setLowOnly(false)}
          >
            {INVENTORY_TEXT.showAllItems}
          </Button>
        </Group>
      )}
      <div aria-busy={inventory.isFetching}>{body()}</div>
    </Stack>
  );
}
