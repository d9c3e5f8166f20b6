import { useState, type ComponentProps } from 'react';
import { lazyMantine } from '../../components/lazy-mantine';
import type { PaymentModal as Modal } from '../../features/billing/payment-modal';

const PaymentModal = lazyMantine(() =>
  import('../../features/billing/payment-modal').then((m) => m.PaymentModal),
);

/**
 * The payment dialog, its code (the form, the bill's schemas and zod, the split rows) fetched
 * at the first Pay instead of with the waiter's screen, so the screen paints and answers
 * sooner (its own chunks, some 20 kB gzip, a moment on the branch's network); rendered from the
 * first Pay on, so its closing transition still plays. Mantine's, so `lazyMantine`'s.
 */
export function PaymentModalOnDemand(props: ComponentProps<typeof Modal>) {
  const [wanted, setWanted] = useState(false);
  if (props.tableId !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return <PaymentModal {...props} />;
}
