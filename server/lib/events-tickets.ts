import type { FastifyBaseLogger } from 'fastify';
import type { KotTicket } from '../../shared/schemas/kitchen.schemas';
import type { BranchEvent } from '../../shared/schemas/events.schemas';

/**
 * The kitchen display's tickets in its live events (docs/kitchen.md, "Live"). A `kitchen.changed`
 * names the KOT written (`kotId`, from write_kot's notify) or the ticket changed (`ticketId`);
 * the notify never carries the tickets themselves (PostgreSQL refuses a payload of 8000 bytes).
 * Each server process reads them ONCE, whatever the number of displays it serves, and the
 * EventHub puts them into the event of the streams that show tickets.
 */

/** What a kitchen.changed names: a KOT (all its tickets) or one ticket, of a branch. */
export interface TicketRef {
  branchId: string;
  kotId?: string;
  ticketId?: string;
}

/**
 * Reads the tickets of many refs at once (across branches), as the display shows them: for each
 * ref, in order, its tickets (none when it names nothing). The kitchen module's `liveTickets`.
 */
export type TicketReader = (refs: TicketRef[]) => Promise<KotTicket[][]>;

/** The ref of an event whose tickets a display wants; null for every other event. */
export function ticketRefOf(branchId: string, event: BranchEvent): TicketRef | null {
  if (event.type !== 'kitchen.changed') return null;
  if (event.kotId) return { branchId, kotId: event.kotId };
  if (event.ticketId) return { branchId, ticketId: event.ticketId };
  return null;
}

/** Refs read in one query at most: a burst is read in a few. */
const MOST_PER_READ = 200;

/**
 * One read at a time; the refs asked meanwhile are read together in the next one, so a burst of
 * KOTs (a busy evening: a hundred branches on a process) costs a few queries, not one each. A
 * read that fails answers null: its events go out without tickets, and the displays refetch.
 */
export class TicketReads {
  private queue: { ref: TicketRef; resolve: (tickets: KotTicket[] | null) => void }[] = [];
  private reading = false;

  constructor(
    private readonly read: TicketReader,
    private readonly log: FastifyBaseLogger,
  ) {}

  ticketsOf(ref: TicketRef): Promise<KotTicket[] | null> {
    return new Promise((resolve) => {
      this.queue.push({ ref, resolve });
      if (this.reading) return;
      this.reading = true;
      // After the current payload's notices: those of one payload go in one read.
      queueMicrotask(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, MOST_PER_READ);
      try {
        const tickets = await this.read(batch.map((asked) => asked.ref));
        batch.forEach((asked, i) => asked.resolve(tickets[i] ?? null));
      } catch (error) {
        this.log.warn({ err: error }, 'Could not read the tickets of live events');
        for (const asked of batch) asked.resolve(null);
      }
    }
    this.reading = false;
  }
}
