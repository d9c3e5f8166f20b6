import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus, IconReceipt, IconTruck } from '@tabler/icons-react';
import { Link } from '../../lib/router';
import { LABELS } from '../../../shared/messages';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { useVendors } from './api/get-vendors';
import { VendorCard } from './components/vendor-card';
import { VENDOR_TEXT } from './vendor-text';

/** Toggles `id` in a set kept in state (which cards are expanded, which are in edit mode). */
function useIdSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return [ids, toggle, setIds] as const;
}

/** /vendordashboard: a card per vendor with its stock details, payments and 'Add Comment'. */
export function VendorDashboardPage() {
  const vendors = useVendors();
  const [expanded, toggleExpanded, setExpanded] = useIdSet();
  const [editing, toggleEditing] = useIdSet();

  const onToggleEditing = (id: string) => {
    // Turning edit mode on opens the card, so the 'Add Comment' panel is in view.
    if (!editing.has(id)) setExpanded((current) => new Set(current).add(id));
    toggleEditing(id);
  };

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={LABELS.vendor.dashboardTitle}
        count={vendors.data?.items.length}
        actions={
          <>
            <Button
              component={Link}
              to={paths.vendorPayments}
              variant="default"
              leftSection={<IconReceipt size={16} aria-hidden />}
            >
              {VENDOR_TEXT.paymentsSummaryLink}
            </Button>
            <Button
              component={Link}
              to={paths.addVendor}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {LABELS.vendor.addVendor}
            </Button>
          </>
        }
      />
      {vendors.isPending ? (
        <CardSkeleton label={VENDOR_TEXT.loading} count={3} columns={1} />
      ) : vendors.isError ? (
        <QueryError
          title={VENDOR_TEXT.loadFailed}
          error={vendors.error}
          onRetry={() => void vendors.refetch()}
        />
      ) : vendors.data.items.length === 0 ? (
        <EmptyState
          icon={IconTruck}
          message={VENDOR_TEXT.empty}
          hint={VENDOR_TEXT.emptyHint}
          action={{ label: LABELS.vendor.addVendor, to: paths.addVendor }}
        />
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {vendors.data.items.map((vendor) => (
            <VendorCard
              key={vendor.id}
              vendor={vendor}
              expanded={expanded.has(vendor.id)}
              editing={editing.has(vendor.id)}
              onToggleExpanded={() => toggleExpanded(vendor.id)}
              onToggleEditing={() => onToggleEditing(vendor.id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
