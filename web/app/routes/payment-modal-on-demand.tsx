import { useState, type ComponentProps } from 'react';
import { lazyPiece } from '../../components/kit/lazy';
import type { PaymentModal as Modal } from '../../features/billing/payment-modal';

const PaymentModal = lazyPiece(
  async () => (await import('../../features/billing/payment-modal')).PaymentModal,
);

/**
 * The payment sheet, its code (the form, the bill's schemas and zod, the split rows) fetched
 * at the first Pay instead of with the waiter's screen, so the screen paints and answers
 * sooner (its own chunk, a moment on the branch's network). Drawn with the kit, so no UI
 * library comes with it (e2e/first-load.spec.ts); kept from the first Pay on.
 */
export function PaymentModalOnDemand(props: ComponentProps<typeof Modal>) {
  const [wanted, setWanted] = useState(false);
  if (props.tableId !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return <PaymentModal {...props} />;
}
