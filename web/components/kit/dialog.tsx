import type { ReactNode } from 'react';
import { lazyPiece, usePreloadWhenIdle } from './lazy';

export type DialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The dialog's name (its heading, read when it opens). */
  title: ReactNode;
  children: ReactNode;
  /** The close button's name. */
  closeLabel?: string;
  /** More classes on the dialog's box (a screen's own layout inside it). */
  className?: string;
};

export type Placement = 'centre' | 'sheet' | 'tall-sheet';

/**
 * The open dialog's box (open-dialog.tsx: the focus, the keys, the portal): a chunk of its own,
 * fetched when the browser is idle after the screen's first view, before a tap opens one.
 */
const OpenDialog = lazyPiece(async () => (await import('./open-dialog')).OpenDialog);

/** A dialog or a sheet (kit/sheet.tsx), drawn only while open. */
export function PlacedDialog({
  opened,
  placement,
  ...props
}: DialogProps & { placement: Placement }) {
  usePreloadWhenIdle(OpenDialog);
  return opened ? <OpenDialog {...props} placement={placement} /> : null;
}

/**
 * A modal dialog, centred on every screen: the focus moves in (to the element marked
 * `data-autofocus`, else the close button), Tab stays inside, Escape or a tap outside closes it,
 * and the focus goes back to what opened it. Drawn only while open.
 */
export function Dialog(props: DialogProps) {
  return <PlacedDialog {...props} placement="centre" />;
}
