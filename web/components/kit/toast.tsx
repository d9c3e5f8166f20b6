import { useEffect, useSyncExternalStore } from 'react';
import { TOAST } from '../../../shared/constants';
import './kit.css';
import './toast.css';

/** A toast's colour, always with words: green done, red failed, blue for news. */
export type ToastTone = 'green' | 'red' | 'blue';

export interface ToastOptions {
  message: string;
  /** A first line in bold, the message under it. */
  title?: string;
  tone?: ToastTone;
  /** A toast shown again with the same id replaces the one on screen (one per event). */
  id?: string;
  /** How long it stays; shared/constants TOAST's 5 s unless said. */
  autoCloseMs?: number;
}

type Shown = Required<Pick<ToastOptions, 'message' | 'tone' | 'id' | 'autoCloseMs'>> &
  Pick<ToastOptions, 'title'>;

/** At most this many at once: the oldest goes first. */
const LIMIT = 5;
let shown: readonly Shown[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function set(next: readonly Shown[]) {
  shown = next;
  for (const listener of listeners) listener();
}

/** Shows a toast (from anywhere: a mutation's callback, a live event). */
export function showToast({ id, tone = 'green', autoCloseMs, ...rest }: ToastOptions) {
  const toast: Shown = {
    ...rest,
    id: id ?? `toast-${++counter}`,
    tone,
    autoCloseMs: autoCloseMs ?? TOAST.autoCloseMs,
  };
  set([...shown.filter((other) => other.id !== toast.id), toast].slice(-LIMIT));
}

const dismiss = (id: string) => set(shown.filter((toast) => toast.id !== id));

function ToastCard({ toast }: { toast: Shown }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), toast.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    // role=alert as the app's toasts always had (what the browser tests and people rely on);
    // inside the polite region below, which is always in the page.
    <div className="kit-toast" role="alert" data-tone={toast.tone}>
      <div className="kit-toast-body">
        {toast.title && <p className="kit-toast-title">{toast.title}</p>}
        <p className="kit-toast-message">{toast.message}</p>
      </div>
      <button
        type="button"
        className="kit-toast-close"
        aria-label="Close"
        onClick={() => dismiss(toast.id)}
      >
        <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden>
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={2} fill="none" />
        </svg>
      </button>
    </div>
  );
}

/**
 * Where toasts appear, mounted once in the app: a polite live region, top-right below the header
 * and the screen's actions, across the bottom on phones (toast.css). Each closes itself.
 */
export function Toasts() {
  const toasts = useSyncExternalStore(subscribe, () => shown);
  return (
    <div className="kit-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
