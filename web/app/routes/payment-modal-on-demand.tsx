import { lazy, Suspense, useState, type ComponentProps } from 'react';

const PaymentModal = lazy(async () => ({
  default: (await import('../../features/billing/payment-modal')).PaymentModal,
}));

/**
 * The payment dialog, its code (the form, the bill's schemas and zod, the split rows) fetched
 * at the first Pay instead of with the waiter's screen, so the screen paints and answers
 * sooner (its own chunks, some 20 kB gzip, a moment on the branch's network); rendered from the
 * first Pay on, so its closing transition still plays.
 */
export function PaymentModalOnDemand(props: ComponentProps<typeof PaymentModal>) {
  const [wanted, setWanted] = useState(false);
  if (props.tableId !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PaymentModal {...props} />
    </Suspense>
  );
}
