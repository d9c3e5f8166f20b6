import { useState } from 'react';
import { PaymentModalOnDemand } from './payment-modal-on-demand';
import { openProvisionalBillPrint } from '../../features/billing/print-windows';
import { tableOrderSaved } from '../../features/tables/api/order-sync';
import { TableOrderPage } from '../../features/tables/table-order-page';

/** /table/{tableId}: the order screen; its 'Pay' opens the payment modal (billing, composed here). */
export function TablePage() {
  const [paying, setPaying] = useState<string | null>(null);
  return (
    <>
      <TableOrderPage
        onPay={(order) => setPaying(order.tableId)}
        onPrintBill={(order) => openProvisionalBillPrint(order.tableId)}
      />
      <PaymentModalOnDemand
        tableId={paying}
        beforePay={tableOrderSaved}
        onClose={() => setPaying(null)}
      />
    </>
  );
}
