import type { TableSummary } from '../../../shared/schemas/tables.schemas';
import type { TileTone } from '../../components/kit/tile';

/**
 * A table's state on the floor (issue 32), the first that holds: free (no order), ready (items
 * ready in the kitchen: serve them), billed (its provisional bill printed, the order unchanged
 * since), long open (open for LONG_OPEN_MINUTES or more), waiting on the kitchen (items cooking),
 * ordering (open, nothing in the kitchen).
 */
export type TableState = 'free' | 'ready' | 'billed' | 'long' | 'kitchen' | 'ordering';

/** An order open this long is worth a look (a guest waiting, a bill forgotten). */
export const LONG_OPEN_MINUTES = 90;

export const TABLE_STATES: Record<TableState, { word: string; tone: TileTone }> = {
  free: { word: 'Free', tone: 'neutral' },
  ordering: { word: 'Ordering', tone: 'brand' },
  kitchen: { word: 'Kitchen', tone: 'amber' },
  ready: { word: 'Ready', tone: 'green' },
  billed: { word: 'Billed', tone: 'blue' },
  long: { word: 'Long open', tone: 'red' },
};

export function tableStateOf(
  table: Pick<TableSummary, 'itemCount' | 'billPrinted' | 'openedAt'>,
  kitchen: { cooking: number; ready: number } | undefined,
  now: number,
): TableState {
  if (table.itemCount === 0) return 'free';
  if (kitchen && kitchen.ready > 0) return 'ready';
  if (table.billPrinted) return 'billed';
  const minutes = table.openedAt ? (now - Date.parse(table.openedAt)) / 60_000 : 0;
  if (minutes >= LONG_OPEN_MINUTES) return 'long';
  if (kitchen && kitchen.cooking > 0) return 'kitchen';
  return 'ordering';
}
