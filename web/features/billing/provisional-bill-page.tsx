import { useCallback, useEffect, useRef, useState } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useParams, useSearchParams } from '../../lib/router';
import { QueryError } from '../../components/query-error';
import { ApiError } from '../../lib/api';
import { useProvisionalBill } from './api/provisional-bill';
import { useReceiptSettings } from './api/receipt-settings';
import { PrintActions } from './bill-print-page';
import { BILLING_TEXT } from './billing-text';
import { TaxInvoice } from './components/tax-invoice';
import { UpiPayQr } from './components/upi-pay-qr';
import '../../components/receipt-paper.css';
import './bill-print.css';

/**
 * /table/:tableId/bill, opened in its own window: the table's provisional bill for the guest
 * who asks for the bill before paying. Every figure of the tax invoice, worked out by the
 * server with the branch's current profile (and the discount and service charge choice of the
 * payment modal, when opened from there), headed as provisional, without a number; printed at
 * once.
 */
export function ProvisionalBillPage() {
  const { tableId = '' } = useParams();
  const [search] = useSearchParams();
  const bill = useProvisionalBill(tableId, {
    discountPercent: search.get('discountPercent') ?? undefined,
    discountFlatPaise: Number(search.get('discountFlatPaise') ?? 0) || undefined,
    serviceCharge: search.get('serviceCharge') !== 'false',
  });
  const receipt = useReceiptSettings();
  const printed = useRef(false);
  const [qrDrawn, setQrDrawn] = useState(false);
  const onQrDrawn = useCallback(() => setQrDrawn(true), []);
  // The QR of its total, with the branch's UPI id: printed once it is drawn.
  const wantsQr = Boolean(receipt.data?.upiVpa) && (bill.data?.totalPaise ?? 0) > 0;
  const ready = Boolean(bill.data) && !receipt.isPending && (!wantsQr || qrDrawn);

  useEffect(() => {
    if (!ready || !bill.data || printed.current) return;
    printed.current = true;
    document.title = `${BILLING_TEXT.provisionalHeading} · ${bill.data.tableLabel} · TableFlow`;
    window.print();
  }, [ready, bill.data]);

  if (bill.isPending) {
    return (
      <Center mih="100vh" role="status" aria-label={BILLING_TEXT.loadingProvisional}>
        <Loader />
      </Center>
    );
  }
  if (bill.isError) {
    const known =
      bill.error instanceof ApiError && (bill.error.status === 404 || bill.error.status === 400);
    return (
      <Center mih="100vh" p="md">
        {known ? (
          <Text>{bill.error.message}</Text>
        ) : (
          <QueryError
            title={BILLING_TEXT.provisionalLoadFailed}
            error={bill.error}
            onRetry={() => void bill.refetch()}
          />
        )}
      </Center>
    );
  }
  const data = bill.data;
  return (
    <main className="tf-paper-screen">
      <TaxInvoice
        bill={{
          number: null,
          at: data.at,
          timeZone: data.timeZone,
          tableLabel: data.tableLabel,
          lines: data.lines,
          subtotalPaise: data.subtotalPaise,
          discountBps: data.discountBps,
          discountFlatPaise: data.discountFlatPaise,
          discountPaise: data.discountPaise,
          totalPaise: data.totalPaise,
          tax: data.tax,
          seller: data.seller,
          buyer: null,
          paid: null,
        }}
        upi={
          <UpiPayQr
            amountPaise={data.totalPaise}
            tableLabel={data.tableLabel}
            size={150}
            onReady={onQrDrawn}
          />
        }
        footer={receipt.data?.footer ?? null}
      />
      <PrintActions />
    </main>
  );
}
