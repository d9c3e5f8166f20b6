import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { REPORT_PAGE_SIZES } from '../../../../shared/schemas/reports.schemas';
import { numeric } from './report-layout';
import { REPORT_TEXT as text } from './report-text';

type Props = {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  totalRows: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** Page numbers either side of the current one. */
  siblings: number;
};

/** Under a report's rows: which rows these are of how many, rows per page, and the pages. */
export function ReportPagination({
  page,
  pageSize,
  shown,
  totalRows,
  onPage,
  onPageSize,
  siblings,
}: Props) {
  const pages = Math.max(1, Math.ceil(totalRows / pageSize));
  const first = (page - 1) * pageSize;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" style={numeric} aria-live="polite">
          {text.showing(first + 1, first + shown, totalRows)}
        </Text>
        <NativeSelect
          aria-label={text.pageSize}
          size="xs"
          value={String(pageSize)}
          onChange={(event) => onPageSize(Number(event.currentTarget.value))}
          data={REPORT_PAGE_SIZES.map(String)}
        />
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={siblings}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
