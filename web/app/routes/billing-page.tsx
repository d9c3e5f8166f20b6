import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PaymentModal } from '../../features/billing/payment-modal';
import { tableOrderSaved } from '../../features/tables/api/order-sync';
import { TablesPage } from '../../features/tables/tables-page';

/** /usersidebar/billing: the tables, whose 'Pay' opens the payment modal (billing). */
export function BillingPage() {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<string | null>(null);
  return (
    <>
      <TablesPage onPay={(table) => setPaying(table.id)} />
      <PaymentModal
        tableId={paying}
        beforePay={(tableId) => tableOrderSaved(queryClient, tableId)}
        onClose={() => setPaying(null)}
      />
    </>
  );
}
