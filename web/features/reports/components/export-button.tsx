import { Button } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { MESSAGES } from '../../../../shared/messages';
import { notifyActionFailure, notifyFailure } from '../../../lib/form-feedback';
import { REPORT_TEXT as text } from './report-text';

type Props<T> = {
  label: string;
  /** Saves the file of `request`. */
  exportCsv: UseMutationResult<unknown, Error, T>;
  /** What to export; null while the filter is not valid. */
  request: T | null;
  /** How many rows the filter matches; undefined until the answer for this filter is in. */
  totalRows: number | undefined;
};

/**
 * A report's 'Export' of everything its filter matches. The count is of every matching row:
 * none, and the file would hold nothing, so it says so instead.
 */
export function ExportButton<T>({ label, exportCsv, request, totalRows }: Props<T>) {
  const onExport = () => {
    if (request === null || totalRows === undefined) return;
    if (totalRows === 0) {
      notifyFailure(MESSAGES.report.nothingToExport);
      return;
    }
    exportCsv.mutate(request, {
      onError: (error) => notifyActionFailure(error, text.exportFailed),
    });
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={onExport}
      loading={exportCsv.isPending}
      disabled={request === null || totalRows === undefined}
    >
      {label}
    </Button>
  );
}
