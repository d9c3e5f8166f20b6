import { describe, expect, it } from 'vitest';
import type { Kot } from '../../../shared/schemas/kitchen.schemas';
import { itemStatesByLine, lineKitchen, unsentCount, unsentOf } from './kitchen-lines';

const item = (lineKey: string, state: 'new' | 'preparing' | 'ready', cancelled = false) => ({
  id: `${lineKey}-${state}`,
  lineKey,
  productId: 'p',
  name: lineKey,
  variantName: null,
  addons: [],
  note: '',
  quantity: 1,
  cancelled,
  state,
  stateAt: null,
});

const kot = (items: ReturnType<typeof item>[][]): Kot => ({
  id: 'k',
  number: 1,
  businessDate: '2026-11-26',
  tableId: 't',
  tableLabel: 'T1',
  sentBy: null,
  sentByName: 'Asha',
  sentAt: '2026-11-26T12:00:00Z',
  reason: 'send',
  reprints: 0,
  tickets: items.map((ticketItems, i) => ({
    id: `ticket-${i}`,
    stationId: null,
    stationName: 'Kitchen',
    bumpedAt: null,
    items: ticketItems,
  })),
});

describe('unsent counts', () => {
  it('counts what each line has beyond what the kitchen was sent', () => {
    expect(unsentOf({ key: 'a', quantity: 3, sentQuantity: 1 })).toBe(2);
    expect(unsentOf({ key: 'a', quantity: 2, sentQuantity: 2 })).toBe(0);
    // A tap on its way has no sent quantity yet: all of it is to send.
    expect(unsentOf({ key: 'a', quantity: 2 })).toBe(2);
    expect(
      unsentCount([
        { key: 'a', quantity: 3, sentQuantity: 1 },
        { key: 'b', quantity: 1, sentQuantity: 1 },
        { key: 'c', quantity: 4, sentQuantity: 0 },
      ]),
    ).toBe(6);
  });

  it('never counts below zero (a line reduced under what a stale read said was sent)', () => {
    expect(unsentCount([{ key: 'a', quantity: 1, sentQuantity: 2 }])).toBe(0);
  });
});

describe('line states', () => {
  const states = itemStatesByLine([
    kot([[item('rice', 'new'), item('tea', 'ready')], [item('cake', 'preparing')]]),
    kot([[item('rice', 'ready'), item('tea', 'ready'), item('soup', 'new', true)]]),
  ]);

  it('says not sent while nothing of the line went to the kitchen', () => {
    expect(lineKitchen({ key: 'rice', quantity: 2, sentQuantity: 0 }, states)).toEqual({
      state: 'unsent',
      unsent: 2,
    });
  });

  it('is ready when every sent item is ready, and says what is left to send', () => {
    expect(lineKitchen({ key: 'tea', quantity: 3, sentQuantity: 2 }, states)).toEqual({
      state: 'ready',
      unsent: 1,
    });
  });

  it('is preparing while some sent items are started and some are not', () => {
    expect(lineKitchen({ key: 'rice', quantity: 2, sentQuantity: 2 }, states).state).toBe(
      'preparing',
    );
    expect(lineKitchen({ key: 'cake', quantity: 1, sentQuantity: 1 }, states).state).toBe(
      'preparing',
    );
  });

  it('reads sent for a line sent but not in the KOTs read yet, and leaves cancelled parts out', () => {
    expect(lineKitchen({ key: 'naan', quantity: 1, sentQuantity: 1 }, states).state).toBe('sent');
    expect(states.has('soup')).toBe(false);
  });
});
