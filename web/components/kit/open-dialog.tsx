import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { IconX } from '@tabler/icons-react';
import type { DialogProps, Placement } from './dialog';
import './kit.css';
import './dialog.css';

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The dialogs open now, the last on top: Escape and Tab are the top one's. */
const open: { box: HTMLElement; close: () => void }[] = [];

function tabbableIn(box: HTMLElement) {
  return [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Escape closes the top dialog; Tab goes round inside it (from the page too, if the focus fell). */
function onKey(event: KeyboardEvent) {
  const top = open[open.length - 1];
  if (!top || (event.key !== 'Escape' && event.key !== 'Tab')) return;
  const target = event.target instanceof Node ? event.target : null;
  const fell = !target || target === document.body;
  // Another library's dialog over this one (a lazy Mantine dialog) keeps its own keys.
  if (!fell && !top.box.contains(target)) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    top.close();
    return;
  }
  const tabbable = tabbableIn(top.box);
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  if (!first || !last) return;
  if (fell || (event.shiftKey ? target === first : target === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/** The dialog's box, placed as a centred dialog or a sheet (kit/sheet.tsx). */
export function OpenDialog({
  onClose,
  title,
  children,
  closeLabel = 'Close',
  className,
  placement,
}: Omit<DialogProps, 'opened'> & { placement: Placement }) {
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const titleId = useId();
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const element = box.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const entry = { box: element, close: () => closeRef.current() };
    open.push(entry);
    if (open.length === 1) document.addEventListener('keydown', onKey);
    const first =
      element.querySelector<HTMLElement>('[data-autofocus]') ??
      element.querySelector<HTMLElement>('.kit-dialog-close');
    first?.focus();
    return () => {
      open.splice(open.indexOf(entry), 1);
      if (open.length === 0) document.removeEventListener('keydown', onKey);
      // Back to the opener, unless the focus went somewhere else on purpose (another dialog).
      const lost = !document.activeElement || document.activeElement === document.body;
      if (opener?.isConnected && lost) opener.focus();
    };
  }, []);

  return createPortal(
    <div className="kit-dialog-root" data-placement={placement}>
      <div className="kit-dialog-backdrop" aria-hidden onClick={onClose} />
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={className ? `kit-dialog ${className}` : 'kit-dialog'}
      >
        <div className="kit-dialog-head">
          <h2 id={titleId} className="kit-dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="kit-dialog-close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <IconX size={22} aria-hidden />
          </button>
        </div>
        <div className="kit-dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
