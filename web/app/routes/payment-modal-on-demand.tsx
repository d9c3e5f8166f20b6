import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

const loadPaymentModal = () => import('../../features/billing/payment-modal');
const PaymentModal = lazy(async () => ({ default: (await loadPaymentModal()).PaymentModal }));

/**
 * The payment dialog, its code (the form, the bill's schemas, the split rows) fetched once the
 * waiter's screen is idle instead of with it, so the screen paints sooner; rendered from the
 * first Pay on, so its closing transition still plays.
 */
export function PaymentModalOnDemand(props: ComponentProps<typeof PaymentModal>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadPaymentModal().catch(() => undefined), { timeout: 4000 });
    return () => cancel(handle);
  }, []);
  if (props.tableId !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PaymentModal {...props} />
    </Suspense>
  );
}
