import { useState } from 'react';
import type { Bill, SplitLine } from '../../../shared/schemas/billing.schemas';
import { LoadFailed } from '../../components/kit/notice';
import { useTaxProfile } from './api/tax-profile';
import { useTableOrder } from './api/table-order';
import { BILLING_TEXT } from './billing-text';
import { PaymentForm } from './payment-form-panel';
import { PaidBill, Waiting } from './payment-parts';
import './payment-sheet.css';

/**
 * The payment sheet's body for one table (app/routes/payment-modal-on-demand.tsx draws the
 * sheet around it): the form, then the bill once paid.
 */
export function PaymentSheetBody({
  tableId,
  split,
  beforePay,
  onPaid,
  onClose,
}: {
  tableId: string;
  /** A split by items (the floor's 'Split by items'): the lines and quantities this bill pays. */
  split: readonly SplitLine[] | null;
  /** Resolves once the taps still on their way to the server have landed (they are billed too). */
  beforePay: (tableId: string) => Promise<void>;
  /** After a payment made here (the app prints the bill on this device's printers). */
  onPaid?: (bill: Bill) => void;
  onClose: () => void;
}) {
  const order = useTableOrder(tableId);
  const profile = useTaxProfile();
  const [bill, setBill] = useState<Bill | null>(null);
  if (bill) return <PaidBill bill={bill} onClose={onClose} />;
  if (order.isPending || profile.isPending) {
    return <Waiting label={BILLING_TEXT.loadingOrder} />;
  }
  if (order.isError) {
    return (
      <LoadFailed
        title={BILLING_TEXT.orderLoadFailed}
        error={order.error}
        onRetry={() => void order.refetch()}
      />
    );
  }
  if (profile.isError) {
    return (
      <LoadFailed
        title={BILLING_TEXT.profileLoadFailed}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return (
    <PaymentForm
      order={order.data}
      split={split}
      profile={profile.data}
      beforePay={beforePay}
      onPaid={(paid) => {
        setBill(paid);
        onPaid?.(paid);
      }}
      onClose={onClose}
    />
  );
}
