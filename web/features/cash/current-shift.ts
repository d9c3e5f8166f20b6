/**
 * The shift this device works at (docs/cash.md): the drawer screen remembers it when this device
 * opens a shift or picks a counter's open one, and forgets it when that shift closes. Payments,
 * settlements and cancels made on this device send it as their `shiftId`.
 */

const KEY = 'tf.cash.shift';

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
}
