import { useState } from 'react';
import { PaymentModal } from '../../features/billing/payment-modal';
import { TodayBillsButton } from '../../features/billing/today-bills';
import { tableOrderSaved } from '../../features/tables/api/order-sync';
import { TablesPage } from '../../features/tables/tables-page';

/** /usersidebar/billing: the tables, whose 'Pay' opens the payment modal (billing). */
export function BillingPage() {
  const [paying, setPaying] = useState<string | null>(null);
  return (
    <>
      <TablesPage onPay={(table) => setPaying(table.id)} actions={<TodayBillsButton />} />
      <PaymentModal tableId={paying} beforePay={tableOrderSaved} onClose={() => setPaying(null)} />
    </>
  );
}
