import { useEffect } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton, TableSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { notifyFailure } from '../../lib/form-feedback';
import { useVendor } from './api/get-vendor';
import { useVendorStock } from './api/get-vendor-stock';
import { StockTable } from './components/stock-table';
import { VendorTotals } from './components/vendor-totals';
import { VENDOR_TEXT } from './vendor-text';

/**
 * /vendor/{vendorId}: the vendor's name, total payment, amount paid and remaining, its stock
 * table and 'Back to Dashboard' (to /vendor-payment-dashboard). An unknown or foreign id says
 * 'Vendor not found' and goes to /vendor-payment-dashboard.
 */
export function VendorDetailsPage() {
  const { vendorId = '' } = useParams();
  const navigate = useNavigate();
  const vendor = useVendor(vendorId);
  // Asked at once, beside the vendor: a missing vendor answers 404 to both.
  const stock = useVendorStock(vendorId);
  const missing =
    vendor.error instanceof ApiError &&
    (vendor.error.status === 404 || vendor.error.status === 400);

  useEffect(() => {
    if (!missing) return;
    notifyFailure(MESSAGES.vendor.notFound);
    void navigate(paths.vendorPayments, { replace: true });
  }, [missing, navigate]);

  const back = (
    <Button
      component={Link}
      to={paths.vendorPayments}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {LABELS.vendor.backToDashboard}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={vendor.data?.name ?? LABELS.vendor.detailsTitle} actions={back}>
        {vendor.data && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {vendor.data.contactNo} · {vendor.data.address}
          </Text>
        )}
      </PageHeader>
      {vendor.isPending || missing ? (
        <CardSkeleton label={VENDOR_TEXT.loadingVendor} count={1} columns={1} />
      ) : vendor.isError ? (
        <QueryError
          title={VENDOR_TEXT.vendorLoadFailed}
          error={vendor.error}
          onRetry={() => void vendor.refetch()}
        />
      ) : (
        <>
          <Paper withBorder radius="lg" p="md">
            <VendorTotals totals={vendor.data} />
          </Paper>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="stock-title">
            <Stack gap="sm">
              <Title id="stock-title" order={2} size="h4" c="var(--tf-ink)">
                Stock details
              </Title>
              {stock.isPending ? (
                <TableSkeleton label={VENDOR_TEXT.loadingStock} rows={3} columns={4} />
              ) : stock.isError ? (
                <QueryError
                  title={VENDOR_TEXT.stockLoadFailed}
                  error={stock.error}
                  onRetry={() => void stock.refetch()}
                />
              ) : stock.data.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {VENDOR_TEXT.noStock}
                </Text>
              ) : (
                <StockTable
                  items={stock.data.items}
                  caption={`Stock details of ${vendor.data.name}`}
                />
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
