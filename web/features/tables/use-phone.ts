import { useSyncExternalStore } from 'react';

/** Phones: the order is a sheet from the bottom bar (kit/dialog.css draws sheets the same way). */
const PHONE_QUERY = '(max-width: 39.99em)';

const media = typeof window === 'undefined' ? null : window.matchMedia(PHONE_QUERY);
const subscribe = (changed: () => void) => {
  media?.addEventListener('change', changed);
  return () => media?.removeEventListener('change', changed);
};
const snapshot = () => media?.matches ?? false;

/** Whether the screen is a phone's, read at once on the first render (no wide layout flash). */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
