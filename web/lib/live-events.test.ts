import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { BRANCH_EVENT_TYPES } from '../../shared/events';
import { branchEventSchema } from '../../shared/schemas/events.schemas';
import { applyBranchEvent, branchEventOf, onBranchEvent } from './live-events';

const at = '2026-05-01T12:00:00.000Z';
const unregister: (() => void)[] = [];
afterEach(() => unregister.splice(0).forEach((off) => off()));

function clientWith(...keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { loaded: true });
  return client;
}

const stale = (client: QueryClient, key: string[]) => client.getQueryState(key)?.isInvalidated;

describe('live events of a branch', () => {
  it('marks stale the queries a feature registered for the event, from the event itself', () => {
    unregister.push(
      onBranchEvent('table.changed', (event) => [
        ['tables', 'list'],
        ['tables', event.tableId],
      ]),
    );
    const client = clientWith(['tables', 'list'], ['tables', 't1'], ['tables', 't2'], ['stock']);
    applyBranchEvent(client, { type: 'table.changed', tableId: 't1', at });
    expect(stale(client, ['tables', 'list'])).toBe(true);
    expect(stale(client, ['tables', 't1'])).toBe(true);
    expect(stale(client, ['tables', 't2'])).toBe(false);
    expect(stale(client, ['stock'])).toBe(false);
  });

  it('runs every registration of an event type and none of another type', () => {
    unregister.push(onBranchEvent('stock.changed', () => [['inventory']]));
    unregister.push(onBranchEvent('stock.changed', () => [['dashboard']]));
    unregister.push(onBranchEvent('bill.paid', () => [['bills']]));
    const client = clientWith(['inventory'], ['dashboard'], ['bills']);
    applyBranchEvent(client, { type: 'stock.changed', at });
    expect(stale(client, ['inventory'])).toBe(true);
    expect(stale(client, ['dashboard'])).toBe(true);
    expect(stale(client, ['bills'])).toBe(false);
  });

  it('forgets a registration once unregistered', () => {
    const off = onBranchEvent('bill.paid', () => [['bills']]);
    off();
    const client = clientWith(['bills']);
    applyBranchEvent(client, { type: 'bill.paid', tableId: 't1', billId: 'b1', at });
    expect(stale(client, ['bills'])).toBe(false);
  });
});

describe('reading a live event from its message', () => {
  it('reads an event of every known type', () => {
    const event = { type: 'table.changed', tableId: 't1', at };
    expect(branchEventOf(JSON.stringify(event))).toEqual(event);
    for (const type of BRANCH_EVENT_TYPES) {
      expect(branchEventOf(JSON.stringify({ type, at }))?.type).toBe(type);
    }
  });

  it('ignores an event of a type it does not know, and data that is not an event', () => {
    for (const data of [
      JSON.stringify({ type: 'table.exploded', tableId: 't1', at }),
      JSON.stringify({ tableId: 't1', at }),
      JSON.stringify('table.changed'),
      'null',
      '{not json',
    ]) {
      expect(branchEventOf(data)).toBeNull();
    }
  });

  it('knows the same types as the events’ schema, in its order', () => {
    expect(branchEventSchema.options.map((option) => option.shape.type.value)).toEqual([
      ...BRANCH_EVENT_TYPES,
    ]);
  });
});
