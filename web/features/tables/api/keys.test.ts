import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { applyBranchEvent } from '../../../lib/live-events';
import { tableKeys } from './keys';

const at = '2026-11-29T12:00:00.000Z';

/** A device showing table t1's order at `version`, and the floor's list. */
function deviceShowing(version: number) {
  const client = new QueryClient();
  const order: TableOrder = {
    tableId: 't1',
    label: 'T1',
    lines: [],
    totalPaise: 0,
    version,
    openedAt: null,
    guests: null,
  };
  client.setQueryData(tableKeys.order('t1'), order);
  client.setQueryData(tableKeys.list, { items: [] });
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe("a table's change as the order screen hears it", () => {
  it('leaves the order alone when the device shows its version already (its own tap, answered)', () => {
    for (const shown of [7, 8]) {
      const client = deviceShowing(shown);
      applyBranchEvent(client, { type: 'table.changed', tableId: 't1', version: 7, at });
      expect(stale(client, tableKeys.order('t1'))).toBe(false);
      expect(stale(client, tableKeys.list)).toBe(true);
    }
  });

  it("reads the order again for a later version (another device's tap) or a change without one", () => {
    const later = deviceShowing(7);
    applyBranchEvent(later, { type: 'table.changed', tableId: 't1', version: 8, at });
    expect(stale(later, tableKeys.order('t1'))).toBe(true);

    const unversioned = deviceShowing(7);
    applyBranchEvent(unversioned, { type: 'table.changed', tableId: 't1', at });
    expect(stale(unversioned, tableKeys.order('t1'))).toBe(true);
  });
});
