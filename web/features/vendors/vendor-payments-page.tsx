import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconChevronRight, IconReceipt } from '@tabler/icons-react';
import { Link } from '../../lib/router';
import { LABELS } from '../../../shared/messages';
import { formatInr, sumPaise } from '../../../shared/money';
import type { VendorPaymentsSummary } from '../../../shared/schemas/vendors.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { TableSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { usePaymentsSummary } from './api/get-payments-summary';
import { VendorTotals } from './components/vendor-totals';
import { VENDOR_TEXT } from './vendor-text';
import { useBelow } from '../../lib/use-below';

type Row = VendorPaymentsSummary['items'][number];
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * /vendor-payment-dashboard (the spec's target of 'Back to Dashboard', its screen not shown):
 * every vendor's total, paid and remaining, largest remaining first, each opening its details;
 * the totals of all vendors on top.
 */
export function VendorPaymentsPage() {
  const summary = usePaymentsSummary();
  const phone = useBelow('sm');
  const items = summary.data?.items;

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={VENDOR_TEXT.paymentsTitle}
        count={items?.length}
        subtitle={VENDOR_TEXT.summarySubtitle}
      />
      {summary.isPending ? (
        <TableSkeleton label={VENDOR_TEXT.loading} rows={4} columns={4} />
      ) : summary.isError ? (
        <QueryError
          title={VENDOR_TEXT.summaryLoadFailed}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : summary.data.items.length === 0 ? (
        <EmptyState
          icon={IconReceipt}
          message={VENDOR_TEXT.empty}
          hint={VENDOR_TEXT.emptyHint}
          action={{ label: LABELS.vendor.addVendor, to: paths.addVendor }}
        />
      ) : (
        <>
          <Paper
            withBorder
            radius="lg"
            p="md"
            component="section"
            aria-label={VENDOR_TEXT.totals}
            bg="var(--tf-sand)"
          >
            <Stack gap="xs">
              <Text fw={700} size="sm" c="var(--tf-ink)">
                {VENDOR_TEXT.totals} · {VENDOR_TEXT.vendorCount(summary.data.items.length)}
              </Text>
              <VendorTotals
                totals={{
                  totalPaise: sumPaise(summary.data.items.map((row) => row.totalPaise)),
                  paidPaise: sumPaise(summary.data.items.map((row) => row.paidPaise)),
                  remainingPaise: sumPaise(summary.data.items.map((row) => row.remainingPaise)),
                }}
              />
            </Stack>
          </Paper>
          {phone ? (
            <SummaryCards items={summary.data.items} />
          ) : (
            <SummaryTable items={summary.data.items} />
          )}
        </>
      )}
    </Stack>
  );
}

function SummaryTable({ items }: { items: Row[] }) {
  return (
    <Paper withBorder radius="lg" p="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover verticalSpacing="sm" aria-label={VENDOR_TEXT.paymentsTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vendor</Table.Th>
              <Table.Th ta="right">{LABELS.vendor.totalPayment}</Table.Th>
              <Table.Th ta="right">{LABELS.vendor.amountPaid}</Table.Th>
              <Table.Th ta="right">{VENDOR_TEXT.remaining}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.vendor(row.id)} fw={600}>
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {formatInr(row.totalPaise)}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {formatInr(row.paidPaise)}
                </Table.Td>
                <Table.Td ta="right" style={numeric} fw={row.remainingPaise > 0 ? 700 : undefined}>
                  {formatInr(row.remainingPaise)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function SummaryCards({ items }: { items: Row[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((row) => (
        <Paper key={row.id} component="li" withBorder radius="lg" p="md">
          <Stack gap="xs">
            <Anchor component={Link} to={paths.vendor(row.id)} fw={700}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <span style={{ overflowWrap: 'anywhere' }}>{row.name}</span>
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </Anchor>
            <VendorTotals totals={row} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
