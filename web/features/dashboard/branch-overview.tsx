import { Anchor, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '../../lib/router';
import { businessDate, formatDisplayDate } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import type { BranchOverview as Overview } from '../../../shared/schemas/dashboard.schemas';
import { formatQuantity } from '../../../shared/units';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { formatOpenFor, useNow } from '../../lib/open-time';
import { useBranchOverview } from './api/get-branch-overview';
import { OverviewSection, SectionList, SectionRow } from './components/overview-section';
import { StatCard } from './components/stat-card';
import { Trend } from './components/trend';
import { DASHBOARD_TEXT as text, weekdayOf } from './dashboard-text';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const { sections } = text;

/**
 * /user-dashboard for a manager: the branch at a glance. Today against the same weekday last
 * week by this time of day, open tables, dues, low stock, vendors owed and the week's top
 * items, each leading to its screen. Live: the branch's events refetch it.
 */
export function BranchOverview({ branch }: { branch: { name: string; timeZone: string } }) {
  const overview = useBranchOverview();
  const data = overview.data;
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={branch.name} subtitle={data ? text.today(data.businessDate) : undefined} />
      {overview.isPending ? (
        <CardSkeleton label={text.loading} count={4} columns={4} />
      ) : overview.isError ? (
        <QueryError
          title={text.loadFailed}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <Figures data={overview.data} timeZone={branch.timeZone} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <OpenTables tables={overview.data.openTables} />
            <TopItems top={overview.data.topItems} />
            <LowStock stock={overview.data.lowStock} />
            <VendorsOwed vendors={overview.data.vendorsOwed} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function Figures({ data, timeZone }: { data: Overview; timeZone: string }) {
  const weekday = weekdayOf(data.lastWeekDate);
  const { today, lastWeekSoFar, lastWeekFullDay, openTables, dues } = data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard label={text.todaySales} value={formatInr(today.salesPaise)}>
        <Trend now={today.salesPaise} before={lastWeekSoFar.salesPaise} />
        <Text size="sm" c="dimmed">
          {text.lastWeekSoFar(weekday, formatInr(lastWeekSoFar.salesPaise))} ·{' '}
          {text.lastWeekAllDay(formatInr(lastWeekFullDay.salesPaise))}
        </Text>
      </StatCard>
      <StatCard label={text.billsToday} value={String(today.bills)}>
        <Trend now={today.bills} before={lastWeekSoFar.bills} />
        <Text size="sm" c="dimmed">
          {text.lastWeekSoFar(weekday, text.bills(lastWeekSoFar.bills))} ·{' '}
          {text.lastWeekAllDay(String(lastWeekFullDay.bills))}
        </Text>
      </StatCard>
      <StatCard
        label={text.openTables}
        value={String(openTables.count)}
        link={{ label: sections.openTables.link, to: paths.billing }}
      >
        <Text size="sm" c="dimmed">
          {text.running(formatInr(openTables.totalPaise))}
        </Text>
      </StatCard>
      <StatCard
        label={text.dues}
        value={formatInr(dues.outstandingPaise)}
        link={{ label: sections.dues.link, to: paths.reportDues }}
      >
        <Text size="sm" c="dimmed">
          {dues.count === 0
            ? sections.dues.empty
            : `${text.bills(dues.count)} · ${text.since(formatDisplayDate(businessDate(new Date(dues.oldestAt!), timeZone)))}`}
        </Text>
      </StatCard>
    </SimpleGrid>
  );
}

function OpenTables({ tables }: { tables: Overview['openTables'] }) {
  const now = useNow();
  return (
    <OverviewSection
      id="overview-open-tables"
      title={sections.openTables.title}
      detail={tables.count > 0 ? text.running(formatInr(tables.totalPaise)) : undefined}
      link={{ label: sections.openTables.link, to: paths.billing }}
      empty={sections.openTables.empty}
      isEmpty={tables.count === 0}
    >
      <SectionList>
        {tables.items.map((table) => (
          <SectionRow key={table.id}>
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.table(table.id)} fw={600}>
                {table.label}
              </Anchor>
              <Text size="xs" c="dimmed">
                {text.items(table.itemCount)} · {text.openFor(formatOpenFor(table.openedAt, now))}
              </Text>
            </div>
            <Text fw={600} style={numeric}>
              {formatInr(table.totalPaise)}
            </Text>
          </SectionRow>
        ))}
      </SectionList>
    </OverviewSection>
  );
}

function TopItems({ top }: { top: Overview['topItems'] }) {
  const most = top.items[0]?.quantity ?? 1;
  return (
    <OverviewSection
      id="overview-top-items"
      title={sections.topItems.title}
      detail={sections.topItems.range(top.from, top.to)}
      link={{ label: sections.topItems.link, to: paths.reportOrders }}
      empty={sections.topItems.empty}
      isEmpty={top.items.length === 0}
    >
      <SectionList>
        {top.items.map((item) => (
          <SectionRow key={item.name}>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Progress value={(item.quantity / most) * 100} size="sm" aria-hidden />
            </Stack>
            <div style={{ textAlign: 'right' }}>
              <Text fw={600} style={numeric}>
                {text.quantity(item.quantity)}
              </Text>
              <Text size="xs" c="dimmed" style={numeric}>
                {formatInr(item.salesPaise)}
              </Text>
            </div>
          </SectionRow>
        ))}
      </SectionList>
    </OverviewSection>
  );
}

function LowStock({ stock }: { stock: Overview['lowStock'] }) {
  return (
    <OverviewSection
      id="overview-low-stock"
      title={sections.lowStock.title}
      detail={stock.count > 0 ? text.items(stock.count) : undefined}
      link={{ label: sections.lowStock.link, to: paths.inventory }}
      empty={sections.lowStock.empty}
      isEmpty={stock.count === 0}
    >
      <SectionList>
        {stock.items.map((item) => (
          <SectionRow key={item.id}>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {item.category}
              </Text>
            </div>
            <div style={{ textAlign: 'right' }}>
              <Text fw={600} c="red.7" style={numeric}>
                {formatQuantity(item.quantity, item.unit)}
              </Text>
              <Text size="xs" c="dimmed" style={numeric}>
                {sections.lowStock.level(formatQuantity(item.lowStockThreshold, item.unit))}
              </Text>
            </div>
          </SectionRow>
        ))}
      </SectionList>
      <More shown={stock.items.length} count={stock.count} />
    </OverviewSection>
  );
}

function VendorsOwed({ vendors }: { vendors: Overview['vendorsOwed'] }) {
  return (
    <OverviewSection
      id="overview-vendors-owed"
      title={sections.vendorsOwed.title}
      detail={
        vendors.count > 0 ? sections.vendorsOwed.total(formatInr(vendors.totalPaise)) : undefined
      }
      link={{ label: sections.vendorsOwed.link, to: paths.vendorPayments }}
      empty={sections.vendorsOwed.empty}
      isEmpty={vendors.count === 0}
    >
      <SectionList>
        {vendors.items.map((vendor) => (
          <SectionRow key={vendor.id}>
            <Anchor
              component={Link}
              to={paths.vendor(vendor.id)}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {vendor.name}
            </Anchor>
            <Text fw={600} style={numeric}>
              {formatInr(vendor.remainingPaise)}
            </Text>
          </SectionRow>
        ))}
      </SectionList>
      <More shown={vendors.items.length} count={vendors.count} />
    </OverviewSection>
  );
}

/** 'and 3 more' under a list cut at the first few. */
function More({ shown, count }: { shown: number; count: number }) {
  if (count <= shown) return null;
  return (
    <Text size="sm" c="dimmed" pt={6}>
      {text.more(count - shown)}
    </Text>
  );
}
