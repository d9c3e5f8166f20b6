import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { KotTicket } from '../../../../shared/schemas/kitchen.schemas';
import { ALL_STATIONS } from '../device-choices';
import type { TicketsRead } from './get-tickets';
import { kitchenKeys } from './keys';
import { applyTickets, mergeTickets } from './live-tickets';

const KITCHEN = 'station-kitchen';
const BAR = 'station-bar';

function ticket(id: string, sentAt: string, changes: Partial<KotTicket> = {}): KotTicket {
  return {
    id,
    kotId: `kot-${id}`,
    kotNumber: 1,
    tableId: 'table-1',
    tableLabel: 'T1',
    sentByName: 'Asha',
    sentAt: `2026-11-30T12:${sentAt}.000Z`,
    reason: 'send',
    stationId: KITCHEN,
    stationName: 'Kitchen',
    bumpedAt: null,
    items: [],
    ...changes,
  };
}

function read(tickets: KotTicket[], lastBumped: KotTicket | null = null): TicketsRead {
  return {
    tickets,
    lastBumped,
    stations: [],
    amberAfterMinutes: 10,
    redAfterMinutes: 20,
    serverTime: '2026-11-30T12:00:00.000Z',
    receivedAt: 0,
  };
}

const ids = (merged: TicketsRead | null) => merged?.tickets.map((t) => t.id);

describe("merging the server's tickets into what the display shows", () => {
  it('adds a new ticket in the order sent and replaces one it shows', () => {
    const shown = read([ticket('a', '00:00'), ticket('c', '02:00')]);
    expect(ids(mergeTickets(shown, ALL_STATIONS, [ticket('b', '01:00')]))).toEqual(['a', 'b', 'c']);
    expect(ids(mergeTickets(shown, ALL_STATIONS, [ticket('d', '03:00')]))).toEqual(['a', 'c', 'd']);
    const preparing = ticket('a', '00:00', { tableLabel: 'T9' });
    const merged = mergeTickets(shown, ALL_STATIONS, [preparing]);
    expect(ids(merged)).toEqual(['a', 'c']);
    expect(merged!.tickets[0]!.tableLabel).toBe('T9');
  });

  it("keeps to its station: another station's ticket changes nothing", () => {
    const shown = read([ticket('a', '00:00')]);
    const bar = ticket('b', '01:00', { stationId: BAR, stationName: 'Bar' });
    expect(mergeTickets(shown, KITCHEN, [bar])).toBe(shown);
    expect(ids(mergeTickets(shown, BAR, [bar]))).toEqual(['a', 'b']);
    expect(ids(mergeTickets(shown, ALL_STATIONS, [bar]))).toEqual(['a', 'b']);
  });

  it('takes a bumped ticket off and makes it the last bumped when it is the latest', () => {
    const earlier = ticket('z', '00:00', { bumpedAt: '2026-11-30T12:05:00.000Z' });
    const shown = read([ticket('a', '00:00'), ticket('b', '01:00')], earlier);
    const bumped = ticket('a', '00:00', { bumpedAt: '2026-11-30T12:06:00.000Z' });
    const merged = mergeTickets(shown, ALL_STATIONS, [bumped]);
    expect(ids(merged)).toEqual(['b']);
    expect(merged!.lastBumped).toEqual(bumped);
    // A ticket bumped before the last one stays off, and the last one stays.
    const older = ticket('b', '01:00', { bumpedAt: '2026-11-30T12:04:00.000Z' });
    expect(mergeTickets(shown, ALL_STATIONS, [older])!.lastBumped).toEqual(earlier);
  });

  it('cannot tell which ticket is the last bumped once that one is back on the display', () => {
    const last = ticket('a', '00:00', { bumpedAt: '2026-11-30T12:06:00.000Z' });
    const recalled = ticket('a', '00:00');
    expect(mergeTickets(read([], last), ALL_STATIONS, [recalled])).toBeNull();
  });

  it("merges into every station's read, and asks for a fetch when the merge cannot tell", () => {
    const client = new QueryClient();
    client.setQueryData(kitchenKeys.tickets(ALL_STATIONS), read([ticket('a', '00:00')]));
    client.setQueryData(kitchenKeys.tickets(BAR), read([]));
    const bar = ticket('b', '01:00', { stationId: BAR, stationName: 'Bar' });
    expect(applyTickets(client, kitchenKeys.allTickets, [bar])).toBe(true);
    const all = client.getQueryData<TicketsRead>(kitchenKeys.tickets(ALL_STATIONS));
    const ofBar = client.getQueryData<TicketsRead>(kitchenKeys.tickets(BAR));
    expect(ids(all!)).toEqual(['a', 'b']);
    expect(ids(ofBar!)).toEqual(['b']);
    const bumped = { ...bar, bumpedAt: '2026-11-30T12:07:00.000Z' };
    expect(applyTickets(client, kitchenKeys.allTickets, [bumped])).toBe(true);
    expect(applyTickets(client, kitchenKeys.allTickets, [bar])).toBe(false);
  });
});
