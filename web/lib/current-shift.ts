import { useSyncExternalStore } from 'react';

/**
 * The shift this device works at (docs/cash.md): the drawer screen remembers it when this device
 * opens a shift or picks a counter's open one, and forgets it when that shift closes. Payments,
 * settlements and cancels made on this device send it as their `shiftId`.
 */

const KEY = 'tf.cash.shift';
const listeners = new Set<() => void>();

/** The shift this device works at, or null (none, or no storage). */
export function currentShiftId(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Remembers `shiftId` as this device's shift; null forgets it. */
export function rememberShift(shiftId: string | null) {
  try {
    if (shiftId === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, shiftId);
  } catch {
    // Storage refused (private mode, full): the server then takes the branch's only open shift.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of this device picked or closed a shift.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** `currentShiftId()` for a screen, rendered again when it changes. */
export function useCurrentShiftId(): string | null {
  return useSyncExternalStore(subscribe, currentShiftId, () => null);
}
