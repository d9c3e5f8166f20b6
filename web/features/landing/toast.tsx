import { useEffect } from 'react';
import { Icon } from './icons';

/** Spec section 9: toasts sit top-right and close themselves after 5 s. */
export const TOAST_MS = 5000;

/**
 * A single success toast. The live region is always in the page so that screen readers
 * announce the message the moment it is put in.
 */
export function Toast({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDismiss, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDismiss]);

  return (
    <div className="lp-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {message && (
        <div className="lp-toast">
          <span className="lp-toast__icon">
            <Icon name="check" size={18} />
          </span>
          <p className="lp-toast__text">{message}</p>
          <button
            type="button"
            className="lp-toast__close"
            aria-label="Dismiss"
            onClick={onDismiss}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
