import { Button, Group, Modal, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { LABELS } from '../../../../shared/messages';
import { bpsToPercentString, formatInr } from '../../../../shared/money';
import { formatPaymentMethods } from '../../../../shared/payment-methods';
import type {
  AssociatedOrders,
  BillHistoryEntry,
} from '../../../../shared/schemas/payments-report.schemas';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { useAssociatedOrders } from '../api/payments-report';
import { BillActions } from './bill-actions';
import { CANCEL_TEXT } from './cancel-bill';
import type { BillToCancel } from './cancel-bill-modal';
import { PAYMENTS_TEXT as text } from './payments-text';
import { StatusBadge } from './status-button';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The spec's 'Associated Orders' panel of one bill, opened from its total: the lines as billed,
 * the money received (method, amount, when, by whom) and every change of its status or method
 * (who, when, from, to), with Close.
 */
export function AssociatedOrdersModal({
  billId,
  opened,
  timeZone,
  onClose,
  onCancel,
}: {
  billId: string | null;
  opened: boolean;
  timeZone: string;
  onClose: () => void;
  /** Cancel bill was chosen (managers): the page asks why. */
  onCancel: (bill: BillToCancel) => void;
}) {
  const panel = useAssociatedOrders(billId);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={LABELS.paymentReport.associatedOrders}
      size="lg"
    >
      <Stack gap="md">
        {panel.isPending ? (
          <ListSkeleton label={text.panelLoading} rows={3} />
        ) : panel.isError ? (
          <QueryError
            title={text.panelFailed}
            error={panel.error}
            onRetry={() => void panel.refetch()}
          />
        ) : (
          <Details panel={panel.data} timeZone={timeZone} />
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          {panel.data ? (
            <BillActions bill={panel.data.bill} onCancel={onCancel} withLabels />
          ) : (
            <span />
          )}
          <Button variant="default" onClick={onClose}>
            {LABELS.paymentReport.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Details({ panel, timeZone }: { panel: AssociatedOrders; timeZone: string }) {
  const { bill, history } = panel;
  const when = (iso: string) => formatDisplayDateTime(new Date(iso), timeZone);
  return (
    <>
      <Stack gap={2}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={700}>{bill.number}</Text>
          <StatusBadge status={bill.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {bill.tableLabel} · {when(bill.createdAt)} · {formatPaymentMethods(bill, bill.payments)}
          {bill.responsible ? ` · ${text.owes(bill.responsible)}` : ''}
        </Text>
        {bill.cancellation && (
          <Text size="sm" c="red.8">
            {CANCEL_TEXT.cancelled(bill.cancellation.reason)} · {when(bill.cancellation.at)}
            {text.by(bill.cancellation.by)}
          </Text>
        )}
      </Stack>

      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={bill.number}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.item}</Table.Th>
              <Table.Th ta="right">{text.quantity}</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {text.price}
              </Table.Th>
              <Table.Th ta="right">{text.subtotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bill.lines.map((line, index) => (
              <Table.Tr key={`${line.productId}-${index}`}>
                <Table.Td style={{ overflowWrap: 'break-word' }}>{line.name}</Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {line.quantity}
                </Table.Td>
                <Table.Td ta="right" style={numeric} visibleFrom="xs">
                  {formatInr(line.unitPricePaise)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {formatInr(line.lineTotalPaise)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {/* Named for what they hold: the lines before GST, then what the bill came to. */}
            <Sum label={text.subtotal} paise={bill.subtotalPaise} />
            {bill.discountPaise > 0 && (
              <Sum
                label={text.discount(bpsToPercentString(bill.discountBps))}
                paise={-bill.discountPaise}
              />
            )}
            {(bill.tax?.serviceChargePaise ?? 0) > 0 && (
              <Sum label={text.serviceCharge} paise={bill.tax!.serviceChargePaise} />
            )}
            {(bill.tax?.taxPaise ?? 0) > 0 && <Sum label={text.gst} paise={bill.tax!.taxPaise} />}
            {(bill.tax?.roundOffPaise ?? 0) !== 0 && (
              <Sum label={text.roundOff} paise={bill.tax!.roundOffPaise} />
            )}
            {(bill.split?.differencePaise ?? 0) !== 0 && (
              <Sum label={text.splitDifference} paise={bill.split!.differencePaise!} />
            )}
            <Sum
              label={(bill.tax?.taxPaise ?? 0) > 0 ? text.totalWithGst : text.total}
              paise={bill.totalPaise}
              strong
            />
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>

      <section aria-labelledby="bill-payments">
        <Title order={3} size="h5" id="bill-payments" mb={4}>
          {text.payments}
        </Title>
        {bill.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.noPayments}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {bill.payments.map((payment) => (
              <Group key={payment.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" miw={0}>
                  {payment.method}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {when(payment.receivedAt)}
                    {text.by(payment.receivedBy)}
                  </Text>
                </Text>
                <Text size="sm" fw={600} style={numeric}>
                  {formatInr(payment.amountPaise)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </section>

      <section aria-labelledby="bill-history">
        <Title order={3} size="h5" id="bill-history" mb="xs">
          {text.history}
        </Title>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.noHistory}
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} active={history.length - 1}>
            {history.map((entry, index) => (
              <Timeline.Item key={index} title={historyTitle(entry)}>
                <Text size="xs" c="dimmed">
                  {when(entry.at)}
                  {text.by(entry.by)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </section>
    </>
  );
}

function historyTitle(entry: BillHistoryEntry): string {
  const state = (s: { status: string; method: string | null }) =>
    s.method && s.method !== s.status ? `${s.status} (${s.method})` : s.status;
  if (entry.kind === 'billed' || !entry.from) return text.billed(state(entry.to));
  return text.changed(state(entry.from), state(entry.to));
}

function Sum({ label, paise, strong = false }: { label: string; paise: number; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={2} ta="right" fw={strong ? 700 : 400}>
        {label}
      </Table.Td>
      {/* Under the Price column, which phones leave out. */}
      <Table.Td visibleFrom="xs" />
      <Table.Td ta="right" fw={strong ? 700 : 400} style={numeric}>
        {formatInr(paise)}
      </Table.Td>
    </Table.Tr>
  );
}
