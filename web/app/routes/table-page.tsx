import { useState } from 'react';
import type { SplitLine } from '../../../shared/schemas/billing.schemas';
import { PaymentModalOnDemand } from './payment-modal-on-demand';
import { openProvisionalBillPrint } from '../../features/billing/print-windows';
import { tableOrderSaved } from '../../features/tables/api/order-sync';
import { TableOrderPage } from '../../features/tables/table-order-page';
import { FloorMenu } from '../../features/floor/floor-menu';

/** /table/{tableId}: the order screen; its 'Pay' opens the payment modal (billing, composed here). */
export function TablePage() {
  const [paying, setPaying] = useState<string | null>(null);
  // The floor's 'Split by items': the lines and quantities the payment bills (null: all).
  const [split, setSplit] = useState<SplitLine[] | null>(null);
  return (
    <>
      <TableOrderPage
        onPay={(order) => {
          setSplit(null);
          setPaying(order.tableId);
        }}
        onPrintBill={(order) => openProvisionalBillPrint(order.tableId)}
        floorActions={(order) => (
          <FloorMenu
            order={order}
            onPayItems={(lines) => {
              setSplit(lines);
              setPaying(order.tableId);
            }}
            beforePay={tableOrderSaved}
          />
        )}
      />
      <PaymentModalOnDemand
        tableId={paying}
        split={split}
        beforePay={tableOrderSaved}
        onClose={() => setPaying(null)}
      />
    </>
  );
}
