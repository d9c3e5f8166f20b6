import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '../../lib/router';
import { formatInr } from '../../../shared/money';
import { paths } from '../../../shared/routes';
import type { SplitLine } from '../../../shared/schemas/billing.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { notifyActionFailure, notifySuccess } from '../../lib/form-feedback';
import { newChange, useFloorChange, useFloorTables } from './api/floor';
import { billAmountText, useBillTotal } from '../../lib/bill-total';
import { EqualSplit } from './equal-split';
import { FLOOR_TEXT } from './floor-text';
import './floor.css';

import type { FloorDialog } from './floor-menu';

/**
 * The dialogs of the order screen's 'Move / Merge / Split' (floor-menu.tsx), a chunk of their own
 * with Mantine, loaded when one is first chosen: move the order to a free table, merge it into
 * another table's, split it equally, or pay some of its items (the payment dialog, composed by the
 * app, bills the chosen lines; the rest stays on the table).
 */
export function FloorDialogs({
  dialog,
  order,
  onPayItems,
  beforePay,
  onClose,
}: {
  dialog: FloorDialog;
  order: TableOrder;
  onPayItems: (lines: SplitLine[]) => void;
  beforePay: (tableId: string) => Promise<void>;
  onClose: () => void;
}) {
  const close = onClose;
  return (
    <>
      <Modal
        opened={dialog === 'move' || dialog === 'merge'}
        onClose={close}
        title={
          dialog === 'merge'
            ? FLOOR_TEXT.mergeTitle(order.label)
            : FLOOR_TEXT.moveTitle(order.label)
        }
      >
        {(dialog === 'move' || dialog === 'merge') && (
          <TablePicker kind={dialog} order={order} onDone={close} />
        )}
      </Modal>
      <Modal
        opened={dialog === 'equal'}
        onClose={close}
        title={FLOOR_TEXT.equalTitle(order.label)}
        closeOnClickOutside={false}
      >
        {dialog === 'equal' && <EqualSplit order={order} beforePay={beforePay} onClose={close} />}
      </Modal>
      <Modal opened={dialog === 'split'} onClose={close} title={FLOOR_TEXT.splitTitle(order.label)}>
        {dialog === 'split' && (
          <SplitItems
            order={order}
            onCancel={close}
            onPay={(lines) => {
              close();
              onPayItems(lines);
            }}
          />
        )}
      </Modal>
    </>
  );
}

/** The other tables as buttons: a move offers the free ones, a merge every other one. */
function TablePicker({
  kind,
  order,
  onDone,
}: {
  kind: 'move' | 'merge';
  order: TableOrder;
  onDone: () => void;
}) {
  const tables = useFloorTables(true);
  const change = useFloorChange();
  const navigate = useNavigate();
  // One op id per chosen table, kept for a retry of the same choice.
  const [pending, setPending] = useState<ReturnType<typeof newChange> | null>(null);

  if (tables.isPending) return <ListSkeleton label={FLOOR_TEXT.loadingTables} rows={3} />;
  if (tables.isError) {
    return (
      <QueryError
        title={FLOOR_TEXT.tablesFailed}
        error={tables.error}
        onRetry={() => void tables.refetch()}
      />
    );
  }
  const others = tables.data.items.filter(
    (table) => table.id !== order.tableId && (kind === 'merge' || table.itemCount === 0),
  );
  const choose = (table: TableSummary) => {
    const next =
      pending && pending.targetId === table.id ? pending : newChange(kind, order.tableId, table.id);
    setPending(next);
    change.mutate(next, {
      onSuccess: (answer) => {
        notifySuccess(
          kind === 'move'
            ? FLOOR_TEXT.moved(answer.from.label, answer.to.label)
            : FLOOR_TEXT.merged(answer.from.label, answer.to.label),
        );
        onDone();
        void navigate(paths.table(answer.to.tableId));
      },
      onError: (error) =>
        notifyActionFailure(
          error,
          kind === 'move' ? FLOOR_TEXT.moveFailed : FLOOR_TEXT.mergeFailed,
        ),
    });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {kind === 'move' ? FLOOR_TEXT.moveHint : FLOOR_TEXT.mergeHint(order.label)}
      </Text>
      {others.length === 0 ? (
        <Alert color="gray" role="status">
          {kind === 'move' ? FLOOR_TEXT.noFreeTables : FLOOR_TEXT.noOtherTables}
        </Alert>
      ) : (
        <div className="tf-floor-tables" role="list">
          {others.map((table) => (
            <div role="listitem" key={table.id}>
              <UnstyledButton
                className="tf-floor-table"
                disabled={change.isPending}
                data-busy={table.itemCount > 0 || undefined}
                onClick={() => choose(table)}
              >
                <span className="tf-floor-table-label">{table.label}</span>
                <span className="tf-floor-table-meta">
                  {table.itemCount === 0
                    ? FLOOR_TEXT.freeCard
                    : FLOOR_TEXT.busyCard(table.itemCount, table.billTotalPaise)}
                </span>
              </UnstyledButton>
            </div>
          ))}
        </div>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {FLOOR_TEXT.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

/** Each line with how many of it this guest pays (0 to the line's quantity). */
function SplitItems({
  order,
  onCancel,
  onPay,
}: {
  order: TableOrder;
  onCancel: () => void;
  onPay: (lines: SplitLine[]) => void;
}) {
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const quantityOf = (key: string) => chosen[key] ?? 0;
  const set = (key: string, quantity: number) => setChosen((now) => ({ ...now, [key]: quantity }));
  const lines = order.lines
    .filter((line) => quantityOf(line.key) > 0)
    .map((line) => ({ key: line.key, quantity: quantityOf(line.key) }));
  // What this guest will pay for the items chosen: their bill's grand total (shared/tax.ts).
  const bill = useBillTotal(
    order.lines
      .filter((line) => quantityOf(line.key) > 0)
      .map((line) => ({ ...line, quantity: quantityOf(line.key) })),
  );
  const amount = billAmountText(bill, formatInr);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {FLOOR_TEXT.splitHint}
      </Text>
      <ul className="tf-floor-split">
        {order.lines.map((line) => {
          const quantity = quantityOf(line.key);
          return (
            <li key={line.key} className="tf-floor-split-line">
              <div className="tf-floor-split-name">
                <span>{line.name}</span>
                <Text size="xs" c="dimmed">
                  {FLOOR_TEXT.chosenOf(quantity, line.quantity)} · {formatInr(line.unitPricePaise)}
                </Text>
              </div>
              <div className="tf-floor-stepper">
                <button
                  type="button"
                  aria-label={FLOOR_TEXT.fewer(line.name)}
                  disabled={quantity === 0}
                  onClick={() => set(line.key, quantity - 1)}
                >
                  <IconMinus size={18} aria-hidden />
                </button>
                <span data-testid="split-quantity">{quantity}</span>
                <button
                  type="button"
                  aria-label={FLOOR_TEXT.more(line.name)}
                  disabled={quantity >= line.quantity}
                  onClick={() => set(line.key, quantity + 1)}
                >
                  <IconPlus size={18} aria-hidden />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <Group justify="space-between">
        <Text fw={700} data-testid="split-items-total">
          {amount}
          {bill?.withGst && (
            <Text span size="xs" c="dimmed">
              {' '}
              {FLOOR_TEXT.inclGst}
            </Text>
          )}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>
            {FLOOR_TEXT.cancel}
          </Button>
          <Button disabled={lines.length === 0} onClick={() => onPay(lines)}>
            {lines.length === 0 ? FLOOR_TEXT.chooseItems : FLOOR_TEXT.payPart(amount)}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
