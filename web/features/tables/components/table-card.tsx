import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChefHat, IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { paths } from '../../../config/paths';
import { formatOpenFor } from '../../../lib/open-time';
import { KOT_TEXT } from '../kot-text';
import '../kitchen.css';
import { TABLE_TEXT } from '../table-text';
import { TableMenu } from './table-menu';
import { TableCardPeople } from './table-card-people';

type Props = {
  table: TableSummary;
  now: number;
  onPay: (table: TableSummary) => void;
  /** The manager may rename and remove tables. */
  canManage: boolean;
  /** Its items in the kitchen: cooking (sent, not ready) and ready (GET /api/kitchen/floor). */
  kitchen?: { cooking: number; ready: number };
};

/**
 * One table: its number (a link to its order) and, while it has an open order, 'Open', how
 * long for, its items and 'Pay' with the running amount. A free table says so and has nothing
 * to pay. 'Due' is the word of a bill nobody has paid yet, never of a table.
 */
export function TableCard({ table, now, onPay, canManage, kitchen }: Props) {
  const open = table.totalPaise > 0;
  // What the guest will pay: the bill's grand total (GST, service charge, round-off included).
  const amount = formatInr(table.billTotalPaise);
  return (
    <Paper
      component="li"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      className="tf-table-card"
      data-open={open || undefined}
      aria-label={table.label}
    >
      <Stack gap="sm" h="100%" justify="space-between">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} miw={0}>
            <Text
              component={Link}
              to={paths.table(table.id)}
              className="tf-table-card-link"
              fw={750}
              fz={{ base: 'md', xs: 'lg', sm: 'xl' }}
              c="var(--tf-ink)"
              lineClamp={2}
            >
              {table.label}
            </Text>
            {open ? (
              <Text component="div" size="sm" fw={600} className="tf-table-card-meta">
                {/* The spaces keep the words apart in the text read aloud; a flex row hides them. */}
                <span>{TABLE_TEXT.open}</span>{' '}
                {table.openedAt && (
                  <span>
                    <IconClock size={14} aria-hidden style={{ verticalAlign: -2 }} />{' '}
                    {formatOpenFor(table.openedAt, now)}
                  </span>
                )}{' '}
                <span>{TABLE_TEXT.items(table.itemCount)}</span>
                {kitchen && (kitchen.cooking > 0 || kitchen.ready > 0) && (
                  <span className="tf-table-card-kitchen" data-testid="table-kitchen">
                    <IconChefHat size={14} aria-hidden style={{ verticalAlign: -2 }} />{' '}
                    {kitchen.cooking > 0 && <span>{KOT_TEXT.cooking(kitchen.cooking)}</span>}
                    {kitchen.cooking > 0 && kitchen.ready > 0 && ' · '}
                    {kitchen.ready > 0 && (
                      <span className="tf-table-card-ready">{KOT_TEXT.ready(kitchen.ready)}</span>
                    )}
                  </span>
                )}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {TABLE_TEXT.free}
              </Text>
            )}
            <TableCardPeople table={table} />
          </Stack>
          {canManage && <TableMenu table={table} />}
        </Group>
        {open && (
          <Button
            className="tf-table-card-pay"
            fullWidth
            px="xs"
            onClick={() => onPay(table)}
            aria-label={TABLE_TEXT.payFor(table.label, amount)}
          >
            {LABELS.table.pay} {amount}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
