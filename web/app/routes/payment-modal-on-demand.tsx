import type { ComponentProps } from 'react';
import type { SplitLine } from '../../../shared/schemas/billing.schemas';
import { lazyPiece } from '../../components/kit/lazy';
import { Sheet } from '../../components/kit/sheet';
import type { PaymentSheetBody as Body } from '../../features/billing/payment-modal';
import { PAYMENT_SHEET_TEXT } from '../../features/billing/payment-sheet-text';

/**
 * The sheet's body (the form, the bill's schemas and zod, the split rows): its code fetched at
 * the first Pay, not with the waiter's screen, so the screen paints and answers sooner. Drawn
 * with the kit, so no UI library comes with it (e2e/first-load.spec.ts).
 */
const PaymentSheetBody = lazyPiece(
  async () => (await import('../../features/billing/payment-modal')).PaymentSheetBody,
  () => (
    <p role="status" aria-busy="true">
      {PAYMENT_SHEET_TEXT.loadingOrder}
    </p>
  ),
);

/**
 * The Pay button's sheet for one table (`tableId` null: closed): from the bottom of a phone's
 * screen, a dialog on wider ones. It opens at the tap, its body following.
 */
export function PaymentModalOnDemand({
  tableId,
  split = null,
  ...props
}: Omit<ComponentProps<typeof Body>, 'tableId' | 'split'> & {
  tableId: string | null;
  split?: readonly SplitLine[] | null;
}) {
  return (
    <Sheet
      opened={tableId !== null}
      onClose={props.onClose}
      title={split ? PAYMENT_SHEET_TEXT.payItems : PAYMENT_SHEET_TEXT.pay}
      className="tf-paysheet-dialog"
    >
      {tableId !== null && (
        <PaymentSheetBody key={tableId} tableId={tableId} split={split} {...props} />
      )}
    </Sheet>
  );
}
