import { complimentaryQuantity } from '../../../../shared/complimentary';
import { formatInr } from '../../../../shared/money';
import type { OrderLine } from '../../../../shared/schemas/tables.schemas';
import { BILLING_TEXT } from '../billing-text';
import type { LineChange } from '../payment-form';

/** How many of a line are complimentary (billed at nothing). */
const freeOf = (line: OrderLine) =>
  complimentaryQuantity({ quantity: line.quantity, complimentary: line.complimentary ?? null });

function ChangeBadge({ change }: { change: LineChange | undefined }) {
  if (!change) return null;
  const label =
    change.kind === 'added'
      ? BILLING_TEXT.changeAdded
      : change.kind === 'removed'
        ? BILLING_TEXT.changeRemoved
        : BILLING_TEXT.changeChanged(change.before.quantity);
  return (
    <span className="tf-paysheet-badge" data-kind={change.kind}>
      {label}
    </span>
  );
}

/** A line's add-ons with their prices and its note, under its name (its variant is in it). */
function LineChoices({ line }: { line: OrderLine }) {
  return (
    <>
      {line.addons.length > 0 && (
        <span className="tf-paysheet-line-more">
          {line.addons
            .map((addon) =>
              addon.pricePaise > 0
                ? `+ ${addon.name} ${formatInr(addon.pricePaise)}`
                : `+ ${addon.name}`,
            )
            .join(', ')}
        </span>
      )}
      {line.note && (
        <span className="tf-paysheet-line-note">
          {BILLING_TEXT.note}: {line.note}
        </span>
      )}
    </>
  );
}

/**
 * The order's lines as they are now, with what changed since the cashier opened the payment
 * sheet (added, changed with the old quantity, removed lines struck through).
 */
export function OrderLines({
  lines,
  changes,
}: {
  lines: readonly OrderLine[];
  changes: readonly LineChange[];
}) {
  const changeOf = new Map(changes.map((change) => [change.line.key, change]));
  const removed = changes.filter((change) => change.kind === 'removed');
  return (
    <table className="tf-paysheet-lines" aria-label="Order">
      <thead>
        <tr>
          <th scope="col">{BILLING_TEXT.item}</th>
          <th scope="col">{BILLING_TEXT.qty}</th>
          <th scope="col">{BILLING_TEXT.amount}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const change = changeOf.get(line.key);
          return (
            <tr key={line.key} data-change={change?.kind}>
              <td>
                <span className="tf-paysheet-line-name">
                  {line.name}
                  <ChangeBadge change={change} />
                </span>
                <LineChoices line={line} />
                <span className="tf-paysheet-line-more">@ {formatInr(line.unitPricePaise)}</span>
                {line.complimentary && freeOf(line) > 0 && (
                  <span className="tf-paysheet-line-nc" data-testid="payment-line-nc">
                    {BILLING_TEXT.complimentaryItems(freeOf(line), line.complimentary.reason)}
                  </span>
                )}
              </td>
              <td>{line.quantity}</td>
              <td>{formatInr(line.lineTotalPaise)}</td>
            </tr>
          );
        })}
        {removed.map(({ line }) => (
          <tr key={line.key} data-change="removed">
            <td>
              <span className="tf-paysheet-line-name">
                <s>{line.name}</s>
                <ChangeBadge change={changeOf.get(line.key)} />
              </span>
            </td>
            <td>
              <s>{line.quantity}</s>
            </td>
            <td>
              <s>{formatInr(line.lineTotalPaise)}</s>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
