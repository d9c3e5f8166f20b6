import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBranchEvent, onBranchEvent } from './live-events';

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
