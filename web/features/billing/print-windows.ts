import { BILL_PRINT_WINDOW } from '../../../shared/constants';
import { paths } from '../../config/paths';
import { provisionalBillSearch, type ProvisionalBillOptions } from './api/provisional-bill';

const features = () => {
  const { width, height } = BILL_PRINT_WINDOW;
  return `popup,width=${width},height=${height}`;
};

/** Opens a bill's printout in its own 800 × 600 window; a reprint is marked DUPLICATE. */
export function openBillPrint(billId: string, copy?: 'duplicate') {
  window.open(paths.billPrint(billId, copy), `tf-bill-${billId}`, features());
}

/**
 * Opens a table's provisional bill (before payment, no number) in its own window, worked out
 * with the discounts typed and the service charge choice of the payment modal, if any.
 */
export function openProvisionalBillPrint(tableId: string, options: ProvisionalBillOptions = {}) {
  window.open(
    `${paths.provisionalBillPrint(tableId)}${provisionalBillSearch(options)}`,
    `tf-provisional-${tableId}`,
    features(),
  );
}
