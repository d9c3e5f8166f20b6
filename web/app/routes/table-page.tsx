import { useCallback, useState } from 'react';
import type { SplitLine } from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { PaymentModalOnDemand } from './payment-modal-on-demand';
import { openBillPrint, openProvisionalBillPrint } from '../../features/billing/print-windows';
import { useDevicePrinting } from '../../features/printing/device-printing';
import { useProvisionalPrinting } from '../../features/printing/provisional-printing';
import { tableOrderSaved } from '../../features/tables/api/order-sync';
import { TableOrderPage } from '../../features/tables/table-order-page';
import { lazyPiece } from '../../components/kit/lazy';

// 'Move / Merge / Split', a secondary action of the header: right after the first view, not in
// its first load (issue 32's budget). Its dialogs load when one is chosen (floor-menu.tsx).
const FloorMenu = lazyPiece(
  async () => (await import('../../features/floor/floor-menu')).FloorMenu,
);

/** /table/{tableId}: the order screen; its 'Pay' opens the payment modal (billing, composed here). */
export function TablePage() {
  const [paying, setPaying] = useState<string | null>(null);
  // The floor's 'Split by items': the lines and quantities the payment bills (null: all).
  const [split, setSplit] = useState<SplitLine[] | null>(null);
  // This device's printers (docs/printing.md): the bill after a payment, a KOT after a send.
  const device = useDevicePrinting();
  // 'Print bill' before payment: on a bill printer when the branch or this device has one.
  const provisional = useProvisionalPrinting();
  // The same function from one render to the next: the order screen keeps the menu as drawn.
  const floorActions = useCallback(
    (order: TableOrder) => (
      <FloorMenu
        order={order}
        onPayItems={(lines) => {
          setSplit(lines);
          setPaying(order.tableId);
        }}
        beforePay={tableOrderSaved}
      />
    ),
    [],
  );
  return (
    <>
      <TableOrderPage
        onPay={(order) => {
          setSplit(null);
          setPaying(order.tableId);
        }}
        onPrintBill={(order) => {
          if (provisional.onPrinter) void provisional.print(order.tableId);
          else openProvisionalBillPrint(order.tableId);
        }}
        onKotSent={(kot) => device.afterKotSent(kot.id)}
        printKotOnSend={device.printsKotsInWindow}
        floorActions={floorActions}
      />
      <PaymentModalOnDemand
        tableId={paying}
        split={split}
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
