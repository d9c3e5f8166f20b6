import { useSyncExternalStore } from 'react';
import { ageLevel, ageMs, type AgeLevel } from './ticket-age';

/** How often the tickets' ages count up. */
const TICK_MS = 1_000;

type Minutes = { amberAfterMinutes: number; redAfterMinutes: number };

/**
 * The display's one clock, so that a second going by costs only the timers (a wall tablet runs
 * all day): it ticks while a timer listens, and keeps the server's clock offset and the branch's
 * amber / red minutes of the last answer (ticket-age.ts). A timer re-renders when its whole
 * second changes, a ticket's card when its colour does; the page and the other cards do not.
 */
export type TicketClock = {
  subscribe: (listener: () => void) => () => void;
  /** A ticket's age in whole seconds at the last tick. */
  seconds: (sentAt: string) => number;
  level: (sentAt: string) => AgeLevel;
  /** The last answer's clock offset and minutes (listeners are told when they change). */
  set: (offsetMs: number, minutes: Minutes) => void;
};

export function createTicketClock(): TicketClock {
  const listeners = new Set<() => void>();
  let now = Date.now();
  let offsetMs = 0;
  let minutes: Minutes = { amberAfterMinutes: Infinity, redAfterMinutes: Infinity };
  let timer: ReturnType<typeof setInterval> | undefined;
  const tell = () => listeners.forEach((listener) => listener());
  const age = (sentAt: string) => ageMs(sentAt, now, offsetMs);
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (timer === undefined) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          tell();
        }, TICK_MS);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    seconds: (sentAt) => Math.floor(age(sentAt) / 1000),
    level: (sentAt) => ageLevel(age(sentAt), minutes),
    set(offset, next) {
      if (
        offset === offsetMs &&
        next.amberAfterMinutes === minutes.amberAfterMinutes &&
        next.redAfterMinutes === minutes.redAfterMinutes
      ) {
        return;
      }
      offsetMs = offset;
      minutes = {
        amberAfterMinutes: next.amberAfterMinutes,
        redAfterMinutes: next.redAfterMinutes,
      };
      now = Date.now();
      tell();
    },
  };
}

/** A ticket's age in whole seconds, counting up (re-renders once a second). */
export function useTicketSeconds(clock: TicketClock, sentAt: string): number {
  return useSyncExternalStore(clock.subscribe, () => clock.seconds(sentAt));
}

/** A ticket's colour: re-renders only when it turns amber or red. */
export function useTicketLevel(clock: TicketClock, sentAt: string): AgeLevel {
  return useSyncExternalStore(clock.subscribe, () => clock.level(sentAt));
}
