import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { IconArrowBackUp, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import type { KotItemState } from '../../../shared/kitchen';
import type {
  KotItem as KitchenItem,
  KotTicket as KitchenTicket,
} from '../../../shared/schemas/kitchen.schemas';
import { Button } from '../../components/kit/button';
import { Chips } from '../../components/kit/chips';
import { NotConnectedOverlay, useServerLost } from '../../components/not-connected-overlay';
import { useTickets } from './api/get-tickets';
import { useBumpTicket, useRecallTicket, useSetItemState } from './api/ticket-actions';
import { audioReady, beep, unlockAudio } from './beep';
import { NoTickets, TicketsError, TicketsSkeleton } from './components/display-notices';
import { TicketCard } from './components/ticket-card';
import {
  ALL_STATIONS,
  arrivedTickets,
  storeMuted,
  storeStation,
  storedMuted,
  storedStation,
} from './device-choices';
import { KITCHEN_TEXT } from './kitchen-text';
import { clockOffsetMs } from './ticket-age';
import { createTicketClock } from './ticket-clock';
import './kitchen.css';

/** How long a ticket that just arrived is drawn with a flash. */
const FRESH_FOR_MS = 8_000;

/**
 * /kitchen: the kitchen display of a wall tablet (docs/kitchen.md). Open tickets oldest first,
 * each with its age counting up from the server's clock; a tap on an item moves it to preparing
 * and ready, Bump takes the whole ticket off, Recall brings the last one back. Live: a
 * kitchen.changed event carries the tickets that changed, merged into those shown
 * (api/live-tickets.ts); one without them, and every reconnect, refetch the tickets
 * (web/lib/live-events.ts). A bump is one request, its answer merged. While the server is lost
 * it says so instead of showing tickets that may be stale. A new ticket beeps
 * (after the first tap on the page, as browsers require) unless muted.
 *
 * Drawn with the kit and plain CSS (kitchen.css), for a cheap tablet that runs it all day: the
 * cards are memoised by ticket, the seconds re-render the timers alone (ticket-clock.ts).
 */
export function KitchenDisplayPage() {
  const [station, setStation] = useState(storedStation);
  const [muted, setMuted] = useState(storedMuted);
  const [soundReady, setSoundReady] = useState(audioReady);
  const [clock] = useState(createTicketClock);
  const tickets = useTickets(station);
  const { mutate: setItemState } = useSetItemState();
  const { mutate: bump } = useBumpTicket();
  const recall = useRecallTicket();
  const lost = useServerLost();
  const fresh = useFreshTickets(tickets.data?.tickets, station, muted);

  // Browsers play sound only after a gesture: the first tap or key on the page allows it.
  useEffect(() => {
    const unlock = () => {
      unlockAudio();
      window.setTimeout(() => setSoundReady(audioReady()), 50);
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);

  const onItem = useCallback(
    (ticket: KitchenTicket, item: KitchenItem, state: KotItemState) =>
      setItemState({ ticketId: ticket.id, itemId: item.id, state }),
    [setItemState],
  );
  const onBump = useCallback((ticket: KitchenTicket) => bump(ticket.id), [bump]);

  const data = tickets.data;
  // Ages count from the server's clock of the last read, coloured by the branch's minutes.
  useLayoutEffect(() => {
    if (data) clock.set(clockOffsetMs(data.serverTime, data.receivedAt), data);
  }, [clock, data]);
  const stations = data?.stations ?? [];
  // A station this device remembered that was archived since: every station.
  const shown =
    station === ALL_STATIONS || stations.some((s) => s.id === station) || !data
      ? station
      : ALL_STATIONS;
  useEffect(() => {
    if (shown !== station) setStation(shown);
  }, [shown, station]);
  const stale = lost || (tickets.isError && Boolean(data));
  const last = data?.lastBumped ?? null;

  const chooseStation = (value: string) => {
    setStation(value);
    storeStation(value);
  };
  const toggleSound = () => {
    unlockAudio();
    setMuted((was) => {
      storeMuted(!was);
      return !was;
    });
  };

  const body = () => {
    // Tickets that may be stale are not shown: the overlay says why.
    if (stale) return <NotConnectedOverlay />;
    if (tickets.isPending) return <TicketsSkeleton />;
    if (tickets.isError) {
      return <TicketsError error={tickets.error} onRetry={() => void tickets.refetch()} />;
    }
    if (tickets.data.tickets.length === 0) return <NoTickets />;
    const open = tickets.data.tickets;
    return (
      <ul className="tf-kds-grid" aria-label={KITCHEN_TEXT.openCount(open.length)}>
        {open.map((ticket) => (
          <TicketCard
            key={ticket.id}
            ticket={ticket}
            clock={clock}
            fresh={fresh.has(ticket.id)}
            onItem={onItem}
            onBump={onBump}
          />
        ))}
      </ul>
    );
  };

  return (
    <div className="tf-kds">
      <header className="tf-kds-bar">
        <div className="tf-kds-heading">
          <h1 className="tf-kds-title">{KITCHEN_TEXT.title}</h1>
          <span className="tf-kds-count" data-testid="kds-count">
            {data && !stale ? KITCHEN_TEXT.openCount(data.tickets.length) : ''}
          </span>
          <span
            className="tf-kds-status"
            data-lost={stale || undefined}
            role="status"
            aria-live="polite"
          >
            {stale ? KITCHEN_TEXT.reconnecting : KITCHEN_TEXT.live}
          </span>
        </div>
        <div className="tf-kds-actions">
          <Button
            icon={<IconArrowBackUp size={18} aria-hidden />}
            disabled={!last || stale || recall.isPending}
            aria-busy={recall.isPending || undefined}
            title={last ? undefined : KITCHEN_TEXT.nothingToRecall}
            aria-label={
              last ? KITCHEN_TEXT.recallLabel(last.kotNumber, last.tableLabel) : KITCHEN_TEXT.recall
            }
            onClick={() => last && recall.mutate(last.id)}
          >
            {KITCHEN_TEXT.recall}
          </Button>
          <Button
            className="tf-kds-sound"
            icon={
              muted ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />
            }
            aria-pressed={!muted}
            aria-label={KITCHEN_TEXT.soundLabel}
            onClick={toggleSound}
          >
            {muted ? KITCHEN_TEXT.soundOff : KITCHEN_TEXT.soundOn}
          </Button>
        </div>
        {/* Its row is kept while the first answer comes, so nothing below it moves then. */}
        {(!data || stations.length > 0) && (
          <div className="tf-kds-stations">
            {data && (
              <Chips
                label={KITCHEN_TEXT.station}
                options={[
                  { value: ALL_STATIONS, label: KITCHEN_TEXT.allStations },
                  ...stations.map((s) => ({ value: s.id, label: s.name })),
                ]}
                value={shown}
                onChange={chooseStation}
              />
            )}
          </div>
        )}
      </header>
      {!muted && !soundReady && !stale && (
        <p className="tf-kds-hint">{KITCHEN_TEXT.soundBlocked}</p>
      )}
      <div aria-busy={tickets.isFetching && !data}>{body()}</div>
    </div>
  );
}

/**
 * The tickets that arrived since the display last looked (flashed for a few seconds), and a
 * beep when there are any and the sound is on. The first answer, and the first after the
 * station changed, are not news.
 */
function useFreshTickets(
  tickets: readonly KitchenTicket[] | undefined,
  station: string,
  muted: boolean,
): ReadonlySet<string> {
  const seen = useRef<Set<string> | null>(null);
  const mutedNow = useRef(muted);
  useEffect(() => {
    mutedNow.current = muted;
  }, [muted]);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    seen.current = null;
  }, [station]);
  useEffect(() => {
    if (!tickets) return;
    const arrived = arrivedTickets(seen.current, tickets);
    seen.current = new Set([...(seen.current ?? []), ...tickets.map((t) => t.id)]);
    if (arrived.length === 0) return;
    if (!mutedNow.current) beep();
    setFresh(new Set(arrived));
    const timer = window.setTimeout(() => setFresh(new Set()), FRESH_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [tickets]);
  return fresh;
}
