import { tablePaymentReference, upiPayUri } from '../../../../shared/upi';
import { UpiQr } from '../../../components/upi-qr';
import { useSession } from '../../../lib/session';
import { useReceiptSettings } from '../api/receipt-settings';
import { BILLING_TEXT } from '../billing-text';

/**
 * The QR of an amount to pay by UPI before the bill has a number (the payment modal, the
 * provisional bill): its note and reference are the table's ('Table T4'); nothing without the
 * branch's UPI id or an amount.
 */
export function UpiPayQr({
  amountPaise,
  tableLabel,
  size,
  onReady,
}: {
  amountPaise: number;
  tableLabel: string;
  size?: number;
  onReady?: () => void;
}) {
  const receipt = useReceiptSettings();
  const session = useSession();
  const vpa = receipt.data?.upiVpa;
  if (!vpa || amountPaise <= 0) return null;
  const uri = upiPayUri({
    vpa,
    payeeName: session.data?.branch?.name ?? '',
    amountPaise,
    billNumber: tablePaymentReference(tableLabel),
  });
  return (
    <UpiQr
      uri={uri}
      amountPaise={amountPaise}
      size={size}
      caption={BILLING_TEXT.scanToPay}
      onReady={onReady}
    />
  );
}
