import type { KotItemState } from '../../../shared/kitchen';
import type { Kot } from '../../../shared/schemas/kitchen.schemas';

/**
 * What the order screen shows of the kitchen (docs/kitchen.md): how much of the order has not
 * been sent, and per line what its sent part is doing in the kitchen.
 */

/** A line as far as the kitchen is concerned. */
export interface KitchenLine {
  key: string;
  quantity: number;
  /** How many the kitchen has been sent (absent: none, a tap not answered yet). */
  sentQuantity?: number;
}

/** How many of a line are not sent yet: its quantity less what was sent (never below 0). */
export const unsentOf = (line: KitchenLine) =>
  Math.max(0, line.quantity - (line.sentQuantity ?? 0));

/** How many items of the order are not sent to the kitchen yet. */
export const unsentCount = (lines: readonly KitchenLine[]) =>
  lines.reduce((sum, line) => sum + unsentOf(line), 0);

/** A line's kitchen state: nothing sent, or its sent part sent (new), preparing or ready. */
export type LineKitchenState = 'unsent' | 'sent' | 'preparing' | 'ready';

export interface LineKitchen {
  state: LineKitchenState;
  /** How many of it are still to send (0: all sent). */
  unsent: number;
}

/** The states of the items each line key has in the KOTs (cancelled parts left out). */
export function itemStatesByLine(kots: readonly Kot[]): Map<string, KotItemState[]> {
  const states = new Map<string, KotItemState[]>();
  for (const kot of kots) {
    for (const ticket of kot.tickets) {
      for (const item of ticket.items) {
        if (item.cancelled) continue;
        states.set(item.lineKey, [...(states.get(item.lineKey) ?? []), item.state]);
      }
    }
  }
  return states;
}

/**
 * A line's kitchen state: 'unsent' while nothing of it was sent; else 'ready' when every sent
 * item is ready, 'sent' while none is started, 'preparing' in between (some started or ready).
 * A line sent but not in the KOTs read yet (they are on their way) reads 'sent'.
 */
export function lineKitchen(
  line: KitchenLine,
  states: ReadonlyMap<string, readonly KotItemState[]>,
): LineKitchen {
  const unsent = unsentOf(line);
  if ((line.sentQuantity ?? 0) === 0) return { state: 'unsent', unsent };
  const items = states.get(line.key) ?? [];
  if (items.length === 0 || items.every((state) => state === 'new')) {
    return { state: 'sent', unsent };
  }
  if (items.every((state) => state === 'ready')) return { state: 'ready', unsent };
  return { state: 'preparing', unsent };
}
