import { LABELS, MESSAGES } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import {
  defaultSettleMethod,
  type PaymentsReportRow,
} from '../../../../shared/schemas/payments-report.schemas';
import { confirmAction } from '../../../components/confirm';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useSettleBill } from '../api/dues';
import { PAYMENTS_TEXT as text } from './payments-text';

/**
 * The payment report's status click: 'Are you sure you want to change the status?' with Yes
 * and No; Yes settles the Due bill by its existing method, or Cash when it has none (the same
 * default as the dues popup), then 'Payment details saved successfully.'.
 */
export function useStatusChange() {
  const settle = useSettleBill();
  const ask = (row: PaymentsReportRow) => {
    const method = defaultSettleMethod(row.method);
    confirmAction({
      title: MESSAGES.payment.confirmStatusChange,
      message: text.settleWith(row.number, formatInr(row.totalPaise - row.paidPaise), method),
      confirmLabel: LABELS.paymentReport.yes,
      cancelLabel: LABELS.paymentReport.no,
      onConfirm: () =>
        settle.mutate(
          { id: row.id, method },
          {
            onSuccess: () => notifySuccess(MESSAGES.payment.saved),
            onError: (error) => notifyActionFailure(error, text.statusFailed),
          },
        ),
    });
  };
  return { ask, pendingId: settle.isPending ? settle.variables.id : null };
}
