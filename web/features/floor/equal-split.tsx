import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconPrinter } from '@tabler/icons-react';
import { v7 as uuidv7 } from 'uuid';
import { formatInr } from '../../../shared/money';
import { paths } from '../../../shared/routes';
import {
  RECEIVED_METHODS,
  type Bill,
  type ReceivedMethod,
} from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, equalSplit } from '../../../shared/split';
import { computeOrderBill } from '../../../shared/tax';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { ApiError } from '../../lib/api';
import { notifyActionFailure, notifySuccess } from '../../lib/form-feedback';
import { useFloorTaxProfile, usePayEqualSplit } from './api/floor';
import { FLOOR_TEXT } from './floor-text';

/**
 * 'Split equally' (docs/kitchen.md, "Equal split"): choose the number of parts, see each part's
 * amount (shared/split.ts, as the server works them out), then take each part's payment in
 * turn; the last one saves every part's bill at once (one request, one key), so the order
 * cannot change between the parts and nothing is billed twice.
 */
export function EqualSplit({
  order,
  beforePay,
  onClose,
}: {
  order: TableOrder;
  /** Resolves once the taps still on their way to the server have landed. */
  beforePay: (tableId: string) => Promise<void>;
  onClose: () => void;
}) {
  const profile = useFloorTaxProfile();
  const pay = usePayEqualSplit();
  const [parts, setParts] = useState(MIN_SPLIT_PARTS);
  // The part whose payment is being taken (null: still choosing); the methods taken so far.
  const [turn, setTurn] = useState<number | null>(null);
  const [methods, setMethods] = useState<ReceivedMethod[]>([]);
  const [version, setVersion] = useState(order.version);
  const [key, setKey] = useState(() => uuidv7());
  const [bills, setBills] = useState<Bill[] | null>(null);

  if (profile.isPending) return <ListSkeleton label={FLOOR_TEXT.loadingTables} rows={2} />;
  if (profile.isError) {
    return (
      <QueryError
        title={FLOOR_TEXT.profileFailed}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (bills) return <SplitBills bills={bills} onClose={onClose} />;

  const whole = computeOrderBill(order.lines, 0, profile.data);
  const shares = equalSplit(
    whole,
    order.lines.map((line) => line.quantity),
    parts,
  ).map((part) => part.bill.totalPaise);
  const changed = turn !== null && order.version !== version;

  const restart = () => {
    setTurn(null);
    setMethods([]);
    setVersion(order.version);
    setKey(uuidv7());
  };

  const submit = async (all: ReceivedMethod[]) => {
    await beforePay(order.tableId);
    pay.mutate(
      {
        tableId: order.tableId,
        body: {
          idempotencyKey: key,
          expectedVersion: version,
          parts: shares.map((amountPaise, k) => ({
            payments: [{ method: all[k]!, amountPaise }],
          })),
        },
      },
      {
        onSuccess: (answer) => {
          notifySuccess(FLOOR_TEXT.splitPaid(answer.bills.length));
          setBills(answer.bills);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'billing.order_changed') restart();
          notifyActionFailure(error, FLOOR_TEXT.splitFailed);
        },
      },
    );
  };

  if (turn === null) {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {FLOOR_TEXT.equalHint}
        </Text>
        <Group justify="space-between">
          <Text fw={600} id="tf-split-parts">
            {FLOOR_TEXT.parts}
          </Text>
          <div className="tf-floor-stepper" role="group" aria-labelledby="tf-split-parts">
            <button
              type="button"
              aria-label={FLOOR_TEXT.fewerParts}
              disabled={parts <= MIN_SPLIT_PARTS}
              onClick={() => setParts(parts - 1)}
            >
              <IconMinus size={18} aria-hidden />
            </button>
            <span data-testid="split-parts">{parts}</span>
            <button
              type="button"
              aria-label={FLOOR_TEXT.moreParts}
              disabled={parts >= MAX_SPLIT_PARTS}
              onClick={() => setParts(parts + 1)}
            >
              <IconPlus size={18} aria-hidden />
            </button>
          </div>
        </Group>
        <ul className="tf-floor-split" aria-label={FLOOR_TEXT.parts}>
          {shares.map((amount, k) => (
            <li key={k} className="tf-floor-split-line">
              <span>{FLOOR_TEXT.partAmount(k + 1)}</span>
              <Text fw={700}>{formatInr(amount)}</Text>
            </li>
          ))}
        </ul>
        <Group justify="space-between">
          <Text>{FLOOR_TEXT.wholeBill}</Text>
          <Text fw={800}>{formatInr(whole.totalPaise)}</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {FLOOR_TEXT.cancel}
          </Button>
          <Button
            onClick={() => {
              setVersion(order.version);
              setMethods([]);
              setTurn(0);
            }}
          >
            {FLOOR_TEXT.start}
          </Button>
        </Group>
      </Stack>
    );
  }

  const method = methods[turn] ?? 'Cash';
  const last = turn === parts - 1;
  return (
    <Stack gap="sm">
      {changed && (
        <Alert color="yellow" role="status">
          {FLOOR_TEXT.orderChanged}
        </Alert>
      )}
      <Group justify="space-between">
        <Text fw={700}>{FLOOR_TEXT.payingPart(turn + 1, parts)}</Text>
        <Text fw={800} size="xl" data-testid="part-amount">
          {formatInr(shares[turn] ?? 0)}
        </Text>
      </Group>
      <Text size="sm" id="tf-split-method">
        {FLOOR_TEXT.paidBy}
      </Text>
      <SegmentedControl
        aria-labelledby="tf-split-method"
        fullWidth
        data={[...RECEIVED_METHODS]}
        value={method}
        onChange={(value) => {
          const next = [...methods];
          next[turn] = value as ReceivedMethod;
          setMethods(next);
        }}
      />
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={pay.isPending}
          onClick={() => (turn === 0 || changed ? restart() : setTurn(turn - 1))}
        >
          {FLOOR_TEXT.back}
        </Button>
        <Button
          loading={pay.isPending}
          disabled={changed}
          onClick={() => {
            const next = [...methods];
            next[turn] = method;
            setMethods(next);
            if (last) void submit(next);
            else setTurn(turn + 1);
          }}
        >
          {FLOOR_TEXT.partPaid(turn + 1)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The parts' bills once saved: number, amount and a print button each. */
function SplitBills({ bills, onClose }: { bills: Bill[]; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <ul className="tf-floor-split" aria-label={FLOOR_TEXT.splitPaid(bills.length)}>
        {bills.map((bill) => (
          <li key={bill.id} className="tf-floor-split-line">
            <div className="tf-floor-split-name">
              <span>{bill.number}</span>
              <Text size="xs" c="dimmed">
                {formatInr(bill.totalPaise)} · {bill.method}
              </Text>
            </div>
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPrinter size={16} aria-hidden />}
              aria-label={FLOOR_TEXT.print(bill.number)}
              onClick={() => window.open(paths.billPrint(bill.id), `tf-bill-${bill.id}`)}
            >
              {FLOOR_TEXT.print('')}
            </Button>
          </li>
        ))}
      </ul>
      <Group justify="flex-end">
        <Button onClick={onClose}>{FLOOR_TEXT.done}</Button>
      </Group>
    </Stack>
  );
}
