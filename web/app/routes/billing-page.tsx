import { useState } from 'react';
import { PaymentModalOnDemand } from './payment-modal-on-demand';
import { TodayBillsButton } from '../../features/billing/today-bills';
import { tableOrderSaved } from '../../features/tables/api/order-sync';
import { TablesPage } from '../../features/tables/tables-page';

/** /usersidebar/billing: the tables, whose 'Pay' opens the payment modal (billing). */
export function BillingPage() {
  const [paying, setPaying] = useState<string | null>(null);
  return (
    <>
      <TablesPage onPay={(table) => setPaying(table.id)} actions={<TodayBillsButton />} />
      <PaymentModalOnDemand
        tableId={paying}
        beforePay={tableOrderSaved}
        onClose={() => setPaying(null)}
      />
    </>
  );
}
