import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconPrinter } from '@tabler/icons-react';
import { uuidv7 } from '../../lib/uuid-v7';
import { formatInr } from '../../../shared/money';
import { paths } from '../../../shared/routes';
import {
  RECEIVED_METHODS,
  type Bill,
  type ReceivedMethod,
} from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, equalSplit } from '../../../shared/split';
import { QueryError } from '../../components/query-error';
import { UpiQr } from '../../components/upi-qr';
import { receiptSettingsQuery } from '../../lib/printing-queries';
import { useSession } from '../../lib/session';
import { upiPayUri } from '../../../shared/upi';
import { ListSkeleton } from '../../components/skeletons';
import { ApiError } from '../../lib/api';
import { notifyActionFailure, notifySuccess } from '../../lib/form-feedback';
import { usePayEqualSplit } from './api/floor';
import { branchTaxProfileQuery } from '../../lib/bill-total';
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
  const profile = useQuery(branchTaxProfileQuery);
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

  // As the server works the parts out: each part its own bill, the last with the difference.
  const split = equalSplit(order.lines, 0, profile.data, parts);
  const whole = split.whole;
  const shares = split.parts.map((part) => part.totalPaise);
  const difference = split.parts[parts - 1]?.differencePaise ?? 0;
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
        {difference !== 0 && (
          <Text size="sm" c="dimmed" data-testid="split-difference">
            {FLOOR_TEXT.differenceNote(parts, difference)}
          </Text>
        )}
        <Group justify="space-between">
          <Text>
            {profile.data.regime === 'regular' ? FLOOR_TEXT.wholeBillWithGst : FLOOR_TEXT.wholeBill}
          </Text>
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
      {method === 'UPI' && (
        <PartUpiQr
          amountPaise={shares[turn] ?? 0}
          reference={FLOOR_TEXT.upiReference(order.label, turn + 1, parts)}
        />
      )}
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

/**
 * The UPI QR of one part's exact amount (web/components/upi-qr.tsx, as the payment modal shows
 * it): nothing without the branch's UPI id.
 */
function PartUpiQr({ amountPaise, reference }: { amountPaise: number; reference: string }) {
  const receipt = useQuery(receiptSettingsQuery);
  const session = useSession();
  const vpa = receipt.data?.upiVpa;
  if (!vpa || amountPaise <= 0) return null;
  const uri = upiPayUri({
    vpa,
    payeeName: session.data?.branch?.name ?? '',
    amountPaise,
    billNumber: reference,
  });
  return <UpiQr uri={uri} amountPaise={amountPaise} caption={FLOOR_TEXT.scanToPay} />;
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
