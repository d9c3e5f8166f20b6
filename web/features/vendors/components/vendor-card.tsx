import { Button, Card, Collapse, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPencil } from '@tabler/icons-react';
import { Link } from '../../../lib/router';
import { LABELS } from '../../../../shared/messages';
import type { Vendor } from '../../../../shared/schemas/vendors.schemas';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { paths } from '../../../config/paths';
import { useVendor } from '../api/get-vendor';
import { editVendorPath } from '../vendor-paths';
import { VENDOR_TEXT } from '../vendor-text';
import { AddCommentPanel } from './add-comment-panel';
import { PaymentsList } from './payments-list';
import { VendorStockSection } from './vendor-stock-section';
import { VendorTotals } from './vendor-totals';

type Props = {
  vendor: Vendor;
  expanded: boolean;
  editing: boolean;
  onToggleExpanded: () => void;
  onToggleEditing: () => void;
};

/**
 * One vendor on the dashboard: name, Edit, Total Payment (with paid and remaining) and Show
 * More / Show Less. Expanded: the stock details, in edit mode the 'Add Comment' panel, and
 * the payments made (the spec's comments).
 */
export function VendorCard({
  vendor,
  expanded,
  editing,
  onToggleExpanded,
  onToggleEditing,
}: Props) {
  const panelId = `vendor-${vendor.id}-details`;
  return (
    <Card component="li" withBorder padding="md" radius="lg" aria-label={vendor.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Title order={2} size="h4" c="var(--tf-ink)" style={{ overflowWrap: 'anywhere' }}>
              <Link
                to={paths.vendor(vendor.id)}
                style={{ color: 'inherit', textDecoration: 'none' }}
              >
                {vendor.name}
              </Link>
            </Title>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {vendor.contactNo} · {vendor.address}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant={editing ? 'filled' : 'light'}
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-pressed={editing}
            onClick={onToggleEditing}
            style={{ flexShrink: 0 }}
          >
            {LABELS.vendor.edit}
          </Button>
        </Group>
        <VendorTotals totals={vendor} />
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={onToggleExpanded}
          aria-expanded={expanded}
          aria-controls={panelId}
          rightSection={
            expanded ? (
              <IconChevronUp size={16} aria-hidden />
            ) : (
              <IconChevronDown size={16} aria-hidden />
            )
          }
          style={{ alignSelf: 'flex-start' }}
        >
          {expanded ? LABELS.vendor.showLess : LABELS.vendor.showMore}
        </Button>
        <Collapse expanded={expanded} id={panelId}>
          {expanded && <VendorCardDetails vendor={vendor} editing={editing} />}
        </Collapse>
      </Stack>
    </Card>
  );
}

function VendorCardDetails({ vendor, editing }: { vendor: Vendor; editing: boolean }) {
  const detail = useVendor(vendor.id);
  return (
    <Stack gap="md" pt="xs">
      <Divider />
      {editing && (
        <Group gap="xs">
          <Button
            component={Link}
            to={editVendorPath(vendor.id)}
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            {VENDOR_TEXT.editDetails}
          </Button>
        </Group>
      )}
      <VendorStockSection vendorId={vendor.id} vendorName={vendor.name} />
      {editing && <AddCommentPanel vendorId={vendor.id} vendorName={vendor.name} />}
      {detail.isPending ? (
        <ListSkeleton label={VENDOR_TEXT.loadingVendor} rows={2} />
      ) : detail.isError ? (
        <QueryError
          title={VENDOR_TEXT.vendorLoadFailed}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <PaymentsList payments={detail.data.payments} />
      )}
    </Stack>
  );
}
