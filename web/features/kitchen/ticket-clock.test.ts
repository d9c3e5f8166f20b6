import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTicketClock } from './ticket-clock';

const minutes = { amberAfterMinutes: 10, redAfterMinutes: 20 };
const SENT = '2026-11-26T12:00:00.000Z';

describe('the display clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-26T12:09:58.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks each second while a timer listens, and stops when none does', () => {
    const clock = createTicketClock();
    clock.set(0, minutes);
    const heard = vi.fn();
    const stop = clock.subscribe(heard);
    expect(clock.seconds(SENT)).toBe(598);
    vi.advanceTimersByTime(1_000);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(clock.seconds(SENT)).toBe(599);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds its values between ticks, so a card redrawn reads the same second', () => {
    const clock = createTicketClock();
    clock.set(0, minutes);
    const stop = clock.subscribe(() => {});
    vi.setSystemTime(Date.parse('2026-11-26T12:10:30.000Z'));
    // Nothing ticked: still the last tick's second.
    expect(clock.seconds(SENT)).toBe(598);
    expect(clock.level(SENT)).toBe('fresh');
    stop();
  });

  it("changes a ticket's colour only at the branch's minutes, from the server's clock", () => {
    const clock = createTicketClock();
    const stop = clock.subscribe(() => {});
    clock.set(0, minutes);
    expect(clock.level(SENT)).toBe('fresh');
    vi.advanceTimersByTime(1_000);
    expect(clock.level(SENT)).toBe('fresh');
    vi.advanceTimersByTime(1_000);
    expect(clock.level(SENT)).toBe('amber');
    // The tablet is 10 minutes slow: the server's clock says it is red already.
    clock.set(10 * 60_000, minutes);
    expect(clock.level(SENT)).toBe('red');
    stop();
  });

  it('tells its listeners of a new offset or new minutes, not of the same again', () => {
    const clock = createTicketClock();
    const heard = vi.fn();
    const stop = clock.subscribe(heard);
    clock.set(250, minutes);
    clock.set(250, { ...minutes });
    expect(heard).toHaveBeenCalledTimes(1);
    clock.set(250, { amberAfterMinutes: 5, redAfterMinutes: 20 });
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });
});
