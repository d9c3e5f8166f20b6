import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { Kot } from '../../../../shared/schemas/kitchen.schemas';
import { KOT_TEXT } from '../kot-text';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * A KOT as the browser prints it: one page per station, in large type: the station, the table,
 * the KOT number, the time, each item with its quantity, variant, add-ons and note, CANCELLED
 * parts marked, and REPRINT on a copy. Drawn outside the app (hidden on screen, alone in print:
 * tables.css); `onPrinted` runs when the print window closes.
 */
export function KotPrint({
  kot,
  reprint,
  onPrinted,
}: {
  kot: Kot;
  reprint: boolean;
  onPrinted: () => void;
}) {
  useEffect(() => {
    const done = () => onPrinted();
    window.addEventListener('afterprint', done);
    // After this paint, so the print window shows the KOT.
    const timer = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [kot, onPrinted]);

  return createPortal(
    <div className="tf-kot-print" data-testid="kot-print">
      {kot.tickets.map((ticket) => (
        <section key={ticket.id} className="tf-kot-page">
          {reprint && <p className="tf-kot-reprint">{KOT_TEXT.reprintMark}</p>}
          <p className="tf-kot-station">{ticket.stationName}</p>
          <p className="tf-kot-table">{kot.tableLabel}</p>
          <p className="tf-kot-number">
            {KOT_TEXT.kot(kot.number)}
            {kot.reason === 'void' ? ` · ${KOT_TEXT.reasons.void.toUpperCase()}` : ''}
          </p>
          <p className="tf-kot-meta">
            {timeOf(kot.sentAt)} · {kot.sentByName}
          </p>
          <ul className="tf-kot-items">
            {ticket.items.map((item) => (
              <li key={item.id} data-cancelled={item.cancelled || undefined}>
                <span className="tf-kot-qty">{item.quantity} ×</span>{' '}
                <span className="tf-kot-name">{item.name}</span>
                {item.cancelled && <strong> {KOT_TEXT.cancelled}</strong>}
                {item.variantName && !item.name.includes(`(${item.variantName})`) && (
                  <span className="tf-kot-detail">{item.variantName}</span>
                )}
                {item.addons.length > 0 && (
                  <span className="tf-kot-detail">
                    {item.addons.map((addon) => addon.name).join(', ')}
                  </span>
                )}
                {item.note && <span className="tf-kot-note">** {item.note} **</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>,
    document.body,
  );
}
