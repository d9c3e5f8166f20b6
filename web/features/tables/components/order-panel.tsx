import { memo, type ReactNode } from 'react';
import {
  IconBan,
  IconCloudOff,
  IconGift,
  IconNote,
  IconPencil,
  IconPrinter,
} from '@tabler/icons-react';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { OrderLine, TableOrder } from '../../../../shared/schemas/tables.schemas';
import { Button } from '../../../components/kit/button';
import { Stepper } from '../../../components/kit/stepper';
import { useTableOrderNow } from '../api/get-table-order';
import { keyOfLine, productOfLine, type LineProduct } from '../order-lines';
import { billAmountText, type BillTotal } from '../../../lib/bill-total';
import { TABLE_TEXT } from '../table-text';
import { VOID_TEXT } from '../voids/void-text';
import { NC_TEXT } from '../complimentary/complimentary-text';
import { ncQuantity } from '../complimentary/complimentary-marks';
import '../complimentary/complimentary.css';

type Props = {
  /** The table whose order it shows, read at once: a tap draws its line in the tap's own frame. */
  tableId: string;
  /** What the guest will pay (the bill's grand total: lib/bill-total.ts), null while loading. */
  bill: BillTotal | null;
  /** Keys of the lines whose changes have not reached the server yet. */
  unsent: ReadonlySet<string>;
  /** The server cannot be reached and this table has changes not sent: Pay waits. */
  payWaits: boolean;
  onChange: (product: LineProduct, delta: number) => void;
  /** The line's note editor. */
  onEditNote: (line: OrderLine) => void;
  onPay: (order: TableOrder) => void;
  /** Prints the table's provisional bill (the guest asks for the bill before paying). */
  onPrintBill?: (order: TableOrder) => void;
  /** The kitchen's actions above Pay (Send to kitchen, KOTs). */
  kitchen?: ReactNode;
  /** A line's kitchen state (not sent, sent, preparing, ready), beside its price (stable). */
  lineKitchen?: (line: OrderLine) => ReactNode;
  /** Voids a line the kitchen was sent of, with a manager's PIN (docs/kitchen.md, "Voids"). */
  onVoid?: (line: OrderLine) => void;
  /** Marks a line's items complimentary, or charged again (docs/complimentary.md). */
  onComplimentary?: (line: OrderLine) => void;
  /** Marks every item of the order complimentary. */
  onWholeOrderComplimentary?: () => void;
};

/** A line's add-ons in words: 'Cheese +₹30.00, Mild'. */
export function lineChoicesText(line: OrderLine): string {
  return line.addons
    .map((addon) =>
      addon.pricePaise > 0 ? `${addon.name} +${formatInr(addon.pricePaise)}` : addon.name,
    )
    .join(', ');
}

/** What a screen reader hears of a line: its name, add-ons and note. */
function lineLabel(line: OrderLine) {
  return [
    line.name,
    ...line.addons.map((addon) => addon.name),
    ...(line.note ? [TABLE_TEXT.lineWithNote(line.note)] : []),
  ].join(', ');
}

/** What a line does: the same functions for every line, stable across renders (memo). */
type LineActions = Pick<
  Props,
  'onChange' | 'onEditNote' | 'lineKitchen' | 'onVoid' | 'onComplimentary'
>;

/**
 * One line of the order: its name, add-ons, note, complimentary items, kitchen state, Void,
 * complimentary, Note, − and +. Memoised: a tap draws again only the line it changed.
 */
const OrderLineRow = memo(function OrderLineRow({
  line,
  unsent,
  onChange,
  onEditNote,
  lineKitchen,
  onVoid,
  onComplimentary,
}: { line: OrderLine; unsent: boolean } & LineActions) {
  const choices = lineChoicesText(line);
  const given = ncQuantity(line);
  return (
    <li className="tf-line" aria-label={lineLabel(line)}>
      <div className="tf-line-head">
        <span className="tf-line-name">{line.name}</span>
        <span className="tf-line-total">{formatInr(line.lineTotalPaise)}</span>
      </div>
      {choices && <div className="tf-line-addons">{choices}</div>}
      {given > 0 && line.complimentary && (
        // Its complimentary items: a tap changes them or charges them again.
        <button
          type="button"
          className="tf-line-nc"
          data-testid="line-nc"
          title={NC_TEXT.changeHint}
          disabled={!onComplimentary}
          onClick={() => onComplimentary?.(line)}
        >
          <IconGift size={14} aria-hidden />
          {NC_TEXT.lineBadge(given, line.complimentary.reason)}
        </button>
      )}
      {line.note && (
        <div className="tf-line-note" data-testid="line-note">
          <IconNote size={14} aria-hidden /> {line.note}
        </div>
      )}
      <div className="tf-line-controls">
        <div className="tf-line-meta">
          <span>@ {formatInr(line.unitPricePaise)}</span>
          {lineKitchen?.(line)}
          {unsent && (
            <span className="tf-line-unsent" data-testid="line-unsent">
              <IconCloudOff size={12} aria-hidden /> {TABLE_TEXT.notSent}
            </span>
          )}
        </div>
        {onVoid && (line.sentQuantity ?? 0) > 0 && (
          <button
            type="button"
            className="tf-line-note-button"
            aria-label={VOID_TEXT.actionOf(line.name)}
            title={VOID_TEXT.actionOf(line.name)}
            onClick={() => onVoid(line)}
          >
            <IconBan size={18} aria-hidden />
          </button>
        )}
        {onComplimentary && (
          <button
            type="button"
            className="tf-line-note-button tf-line-nc-button"
            aria-label={NC_TEXT.actionOf(line.name)}
            title={NC_TEXT.actionOf(line.name)}
            data-active={given > 0 || undefined}
            onClick={() => onComplimentary(line)}
          >
            <IconGift size={18} aria-hidden />
          </button>
        )}
        <button
          type="button"
          className="tf-line-note-button"
          aria-label={TABLE_TEXT.editNote(line.name)}
          title={TABLE_TEXT.editNote(line.name)}
          onClick={() => onEditNote(line)}
        >
          <IconPencil size={18} aria-hidden />
        </button>
        <Stepper
          value={line.quantity}
          testId="line-quantity"
          decreaseLabel={TABLE_TEXT.decrease(line.name)}
          increaseLabel={TABLE_TEXT.increase(line.name)}
          onDecrease={() => onChange(productOfLine(line), -1)}
          onIncrease={() => onChange(productOfLine(line), 1)}
        />
      </div>
    </li>
  );
});

/**
 * The 'Orders' list: each line with its variant (in its name), add-ons and note, − and +, and a
 * Note button; the total, 'Pay' and 'Print bill'. A line whose changes have not reached the
 * server says so; Pay waits while the server cannot be reached.
 */
export function OrderPanel({
  tableId,
  bill,
  unsent,
  payWaits,
  onChange,
  onEditNote,
  onPay,
  onPrintBill,
  kitchen,
  lineKitchen,
  onVoid,
  onComplimentary,
  onWholeOrderComplimentary,
}: Props) {
  const order = useTableOrderNow(tableId);
  if (!order) return null;
  const empty = order.lines.length === 0;
  const amount = billAmountText(bill, formatInr);
  // The provisional bill is worked out on the server: not while taps are on their way.
  const printWaits = unsent.size > 0;
  return (
    <section className="tf-order-panel" aria-labelledby="orders-title">
      <h2 className="tf-order-title" id="orders-title" tabIndex={-1}>
        {LABELS.table.orders}
      </h2>
      <div className="tf-order-lines">
        {empty ? (
          <p className="tf-order-empty">{TABLE_TEXT.emptyOrder}</p>
        ) : (
          <ul aria-live="polite">
            {order.lines.map((line) => {
              const key = keyOfLine(line);
              return (
                <OrderLineRow
                  key={key}
                  line={line}
                  unsent={unsent.has(key)}
                  onChange={onChange}
                  onEditNote={onEditNote}
                  lineKitchen={lineKitchen}
                  onVoid={onVoid}
                  onComplimentary={onComplimentary}
                />
              );
            })}
          </ul>
        )}
      </div>
      <div className="tf-order-foot">
        <div className="tf-order-total">
          <span>{bill?.withGst ? TABLE_TEXT.totalWithGst : TABLE_TEXT.total}</span>
          <span data-testid="order-total">{amount}</span>
        </div>
        {kitchen}
        <Button
          id="tf-pay"
          variant="primary"
          fullWidth
          className="tf-order-pay"
          disabled={empty || payWaits}
          aria-describedby={payWaits ? 'pay-waits' : undefined}
          onClick={() => onPay(order)}
        >
          {LABELS.table.pay} {amount}
        </Button>
        {(onPrintBill || onWholeOrderComplimentary) && (
          <div className="tf-order-foot-row">
            {onPrintBill && (
              <Button
                fullWidth
                icon={<IconPrinter size={18} aria-hidden />}
                disabled={empty || printWaits}
                title={TABLE_TEXT.printBillHint}
                onClick={() => onPrintBill(order)}
              >
                {TABLE_TEXT.printBill}
              </Button>
            )}
            {onWholeOrderComplimentary && (
              // The whole order complimentary (docs/complimentary.md), beside Print bill.
              <Button
                aria-label={NC_TEXT.wholeOrder}
                title={NC_TEXT.wholeOrder}
                icon={<IconGift size={18} aria-hidden />}
                disabled={empty}
                onClick={onWholeOrderComplimentary}
              />
            )}
          </div>
        )}
        {payWaits && (
          <p id="pay-waits" className="tf-pay-waits">
            {TABLE_TEXT.payWaits}
          </p>
        )}
      </div>
    </section>
  );
}
