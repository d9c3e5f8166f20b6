import { useState } from 'react';
import { PaymentModalOnDemand } from './payment-modal-on-demand';
import { openBillPrint } from '../../features/billing/print-windows';
import { TodayBillsButton } from '../../features/billing/today-bills-button';
import { useDevicePrinting } from '../../features/printing/device-printing';
import { tableOrderSaved } from '../../features/tables/api/order-sync';
import { TablesPage } from '../../features/tables/tables-page';

/** /usersidebar/billing: the tables, whose 'Pay' opens the payment modal (billing). */
export function BillingPage() {
  const [paying, setPaying] = useState<string | null>(null);
  // This device's printers (docs/printing.md): the bill after a payment.
  const device = useDevicePrinting();
  return (
    <>
      <TablesPage onPay={(table) => setPaying(table.id)} actions={<TodayBillsButton />} />
      <PaymentModalOnDemand
        tableId={paying}
        beforePay={tableOrderSaved}
        onPaid={(bill) => {
          device.afterPayment(bill.id);
          if (device.printsInWindow) openBillPrint(bill.id);
        }}
        onClose={() => setPaying(null)}
      />
    </>
  );
}
