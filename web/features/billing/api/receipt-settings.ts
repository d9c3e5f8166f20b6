import { useQuery } from '@tanstack/react-query';
import { receiptSettingsQuery } from '../../../lib/printing-queries';

/** The branch's merchant UPI id (for the QR of an amount to pay) and bill footer. */
export const useReceiptSettings = () => useQuery(receiptSettingsQuery);
