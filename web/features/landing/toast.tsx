import { useEffect } from 'react';
import { TOAST } from '../../../shared/constants';
import { Icon } from './icons';

/** Spec section 9: toasts close themselves after 5 s (the app's: shared/constants TOAST). */
export const TOAST_MS = TOAST.autoCloseMs;

/**
 * A single success toast, looking and placed like the app's (landing.css: top-right below the
 * header, at the bottom on phones), drawn without Mantine. The live region is always in the
 * page so that screen readers announce the message the moment it is put in.
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
