import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { QueryError } from '../../../components/query-error';
import { TableSkeleton } from '../../../components/skeletons';
import { notifyActionFailure, notifyFailure } from '../../../lib/form-feedback';
import { useExportVendorStock } from '../api/export-vendor-stock';
import { useVendorStock } from '../api/get-vendor-stock';
import { VENDOR_TEXT } from '../vendor-text';
import { StockTable } from './stock-table';

/**
 * The expanded card's stock details: search by invoice date (a part of YYYY-MM-DD, e.g.
 * '2026-11'), the table, and 'Export to CSV' of exactly the rows found.
 */
export function VendorStockSection({
  vendorId,
  vendorName,
}: {
  vendorId: string;
  vendorName: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const stock = useVendorStock(vendorId, debounced);
  const exportCsv = useExportVendorStock();
  const rows = stock.data?.items;

  const onExport = () => {
    // The rows on screen are the rows the file would hold: none, and there is nothing to export.
    if (!rows || rows.length === 0) {
      notifyFailure(MESSAGES.report.nothingToExport);
      return;
    }
    exportCsv.mutate(
      { id: vendorId, invoiceDate: debounced },
      { onError: (error) => notifyActionFailure(error, VENDOR_TEXT.exportFailed) },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          label={VENDOR_TEXT.searchLabel}
          placeholder={VENDOR_TEXT.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          w={{ base: '100%', xs: 220 }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={onExport}
          loading={exportCsv.isPending}
          disabled={stock.isPending}
        >
          {LABELS.vendor.exportCsv}
        </Button>
      </Group>
      {stock.isPending ? (
        <TableSkeleton label={VENDOR_TEXT.loadingStock} rows={3} columns={4} />
      ) : stock.isError ? (
        <QueryError
          title={VENDOR_TEXT.stockLoadFailed}
          error={stock.error}
          onRetry={() => void stock.refetch()}
        />
      ) : rows && rows.length > 0 ? (
        <StockTable key={debounced} items={rows} caption={`Stock details of ${vendorName}`} />
      ) : (
        <Text size="sm" c="dimmed" py="xs">
          {debounced === '' ? VENDOR_TEXT.noStock : VENDOR_TEXT.noStockMatching(debounced)}
        </Text>
      )}
    </Stack>
  );
}
