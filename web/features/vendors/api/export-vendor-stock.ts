import { useMutation } from '@tanstack/react-query';
import { EXPORT_FILES } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { stockQueryString } from './get-vendor-stock';

/** The server's stock_details.csv of a vendor (the same search as the table), downloaded. */
export async function exportVendorStock({ id, invoiceDate }: { id: string; invoiceDate: string }) {
  const csv = await api<Blob>(
    `/vendors/${encodeURIComponent(id)}/stock/csv${stockQueryString(invoiceDate)}`,
    { responseType: 'blob' },
  );
  saveFile(csv, EXPORT_FILES.stockDetails);
}

export function useExportVendorStock() {
  return useMutation({ mutationFn: exportVendorStock });
}
