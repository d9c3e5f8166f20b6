import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/kit/button';
import { TABLE_TEXT } from '../../features/tables/table-text';
import './sign-out-dialog.css';

/**
 * Asks before a log-out that would leave taps on the device (they wait for the branch's next
 * sign-in). A native modal dialog: focus moves in (to Stay signed in, so Enter never logs out by
 * accident) and is kept there, Escape closes it, the focus goes back to the account button. Part
 * of the frame, drawn without Mantine: it must open while the network is down, when no chunk
 * can load.
 */
export function SignOutDialog({
  message,
  onConfirm,
  onClose,
}: {
  message: string;
  onConfirm: () => void;
  /** The dialog closed, whichever way: unmount it. */
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog ref={ref} className="tf-sign-out" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{TABLE_TEXT.signOutTitle}</h2>
      <p>{message}</p>
      <div className="tf-sign-out-actions">
        <Button autoFocus onClick={() => ref.current?.close()}>
          {TABLE_TEXT.stayHere}
        </Button>
        <Button
          variant="primary"
          className="tf-sign-out-confirm"
          onClick={() => {
            ref.current?.close();
            onConfirm();
          }}
        >
          {TABLE_TEXT.signOutAnyway}
        </Button>
      </div>
    </dialog>
  );
}
