import { memo } from 'react';
import { IconCheck, IconNote } from '@tabler/icons-react';
import type { KotItemState } from '../../../../shared/kitchen';
import type {
  KotItem as KitchenItem,
  KotTicket as KitchenTicket,
} from '../../../../shared/schemas/kitchen.schemas';
import { Button } from '../../../components/kit/button';
import { nextItemState } from '../api/ticket-actions';
import { KITCHEN_TEXT } from '../kitchen-text';
import { formatAge, spokenAge } from '../ticket-age';
import { useTicketLevel, useTicketSeconds, type TicketClock } from '../ticket-clock';
import { itemDetails, itemWords } from '../ticket-lines';

type Props = {
  ticket: KitchenTicket;
  /** The display's clock: the card's colour and its timer follow it (ticket-clock.ts). */
  clock: TicketClock;
  /** Arrived since the display last looked: drawn with a short flash. */
  fresh: boolean;
  onItem: (ticket: KitchenTicket, item: KitchenItem, next: KotItemState) => void;
  onBump: (ticket: KitchenTicket) => void;
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });

/**
 * One station's part of a KOT on the display: the KOT number and the table large, the station,
 * the waiter and when it was sent, its age counting up (amber, then red after the branch's
 * minutes); each item as a large button that moves it new → preparing → ready; cancelled items
 * struck through; Bump at its foot. Drawn again only when its ticket, its flash or its colour
 * changes: the seconds re-render its timer alone.
 */
export const TicketCard = memo(function TicketCard({
  ticket,
  clock,
  fresh,
  onItem,
  onBump,
}: Props) {
  const titleId = `ticket-${ticket.id}`;
  const level = useTicketLevel(clock, ticket.sentAt);
  return (
    <li className="tf-kds-ticket" data-level={level} data-fresh={fresh || undefined}>
      <article aria-labelledby={titleId} className="tf-kds-ticket-body">
        <header className="tf-kds-ticket-head">
          <h2 id={titleId} className="tf-kds-ticket-title">
            <span className="tf-kds-table">{ticket.tableLabel}</span>
            <span className="tf-kds-kot">
              {KITCHEN_TEXT.kot(ticket.kotNumber)}
              {ticket.reason === 'void' && (
                <span className="tf-kds-void"> · {KITCHEN_TEXT.voidKot}</span>
              )}
            </span>
          </h2>
          <TicketTimer clock={clock} sentAt={ticket.sentAt} />
          <p className="tf-kds-ticket-meta">
            <span className="tf-kds-station">{ticket.stationName}</span>
            <span>{KITCHEN_TEXT.sentBy(ticket.sentByName, timeOf(ticket.sentAt))}</span>
          </p>
        </header>
        <ul className="tf-kds-items">
          {ticket.items.map((item) => (
            <TicketItem key={item.id} item={item} onNext={(next) => onItem(ticket, item, next)} />
          ))}
        </ul>
        <footer className="tf-kds-ticket-foot">
          <Button
            variant="primary"
            fullWidth
            className="tf-kds-bump"
            icon={<IconCheck size={22} aria-hidden />}
            aria-label={KITCHEN_TEXT.bumpLabel(ticket.kotNumber, ticket.tableLabel)}
            onClick={() => onBump(ticket)}
          >
            {KITCHEN_TEXT.bump}
          </Button>
        </footer>
      </article>
    </li>
  );
});

/** The ticket's age as a clock counting up: the one part of the card redrawn every second. */
function TicketTimer({ clock, sentAt }: { clock: TicketClock; sentAt: string }) {
  const age = useTicketSeconds(clock, sentAt) * 1000;
  return (
    <span
      className="tf-kds-age"
      role="timer"
      aria-label={KITCHEN_TEXT.waitingFor(spokenAge(age))}
      data-testid="ticket-age"
    >
      {formatAge(age)}
    </span>
  );
}

function TicketItem({ item, onNext }: { item: KitchenItem; onNext: (next: KotItemState) => void }) {
  const details = itemDetails(item);
  const body = (
    <>
      <span className="tf-kds-qty">{item.quantity}×</span>
      <span className="tf-kds-item-text">
        <span className="tf-kds-item-name">{item.name}</span>
        {details && <span className="tf-kds-item-details">{details}</span>}
        {item.note && (
          <span className="tf-kds-item-note">
            <IconNote size={16} aria-hidden /> {item.note}
          </span>
        )}
      </span>
    </>
  );
  if (item.cancelled) {
    return (
      <li className="tf-kds-item" data-cancelled>
        <s className="tf-kds-item-struck">{body}</s>
        <strong className="tf-kds-cancelled">{KITCHEN_TEXT.cancelled}</strong>
      </li>
    );
  }
  const next = nextItemState(item.state);
  const stateWord = KITCHEN_TEXT.states[item.state];
  return (
    <li>
      <button
        type="button"
        className="tf-kds-item"
        data-state={item.state}
        aria-disabled={next === null || undefined}
        title={KITCHEN_TEXT.itemAction(
          itemWords(item),
          stateWord,
          next && KITCHEN_TEXT.states[next],
        )}
        onClick={() => next && onNext(next)}
      >
        {body}
        <span className="tf-kds-state">{stateWord}</span>
      </button>
    </li>
  );
}
