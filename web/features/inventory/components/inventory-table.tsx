import { Fragment } from 'react';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { formatInr } from '../../../../shared/money';
import { UNIT_SYMBOLS } from '../../../../shared/units';
import { formatDay } from '../inventory-format';
import { INVENTORY_TEXT } from '../inventory-text';
import { InventoryHistory } from './inventory-history';
import { ItemActions, type ItemActionsProps } from './item-actions';
import { LowStockBadge, QuantityText } from './quantity-text';

export type InventoryListProps = {
  items: InventoryItem[];
  timeZone: string;
  /** The manager: values, edit and delete. */
  canManage: boolean;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
} & ItemActionsProps;

/** The name that opens and closes the item's history. */
export function NameToggle({
  item,
  open,
  onToggle,
}: {
  item: InventoryItem;
  open: boolean;
  onToggle: () => void;
}) {
  const Icon = open ? IconChevronDown : IconChevronRight;
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={`history-${item.id}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <Icon size={16} aria-hidden />
      <Text span fw={600} c="var(--tf-ink)">
        {item.name}
      </Text>
    </UnstyledButton>
  );
}

/** Wide screens: branch code, category, name, last updated, quantity, unit, (value), actions. */
export function InventoryTable({
  items,
  timeZone,
  canManage,
  expanded,
  onToggle,
  ...actions
}: InventoryListProps) {
  const columns = canManage ? 8 : 6;
  return (
    <Table.ScrollContainer minWidth={canManage ? 900 : 720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Branch Code</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Ingredient Name</Table.Th>
            <Table.Th>Last Updated</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th>Unit</Table.Th>
            {canManage && <Table.Th ta="right">Value</Table.Th>}
            {canManage && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const open = expanded.has(item.id);
            return (
              <Fragment key={item.id}>
                <Table.Tr bg={item.isLow ? 'red.0' : undefined} data-low={item.isLow || undefined}>
                  <Table.Td>{item.branchCode}</Table.Td>
                  <Table.Td>{item.category}</Table.Td>
                  <Table.Td>
                    <NameToggle item={item} open={open} onToggle={() => onToggle(item.id)} />
                    <LowStockBadge item={item} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDay(item.updatedAt, timeZone)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <QuantityText item={item} />
                  </Table.Td>
                  <Table.Td>{UNIT_SYMBOLS[item.unit]}</Table.Td>
                  {canManage && (
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {item.valuePaise === null ? (
                        <Text size="xs" c="dimmed">
                          {INVENTORY_TEXT.neverBought}
                        </Text>
                      ) : (
                        formatInr(item.valuePaise)
                      )}
                    </Table.Td>
                  )}
                  {canManage && (
                    <Table.Td>
                      <ItemActions item={item} {...actions} />
                    </Table.Td>
                  )}
                </Table.Tr>
                {open && (
                  <Table.Tr id={`history-${item.id}`}>
                    <Table.Td colSpan={columns} bg="var(--tf-sand)" px="lg">
                      <InventoryHistory
                        itemId={item.id}
                        itemName={item.name}
                        timeZone={timeZone}
                        compact={false}
                        canManage={canManage}
                      />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
