import { PlacedDialog, type DialogProps } from './dialog';

/**
 * A sheet: from the bottom of a phone's screen (up to `tall`, most of its height), a centred
 * dialog on wider screens; a modal dialog in every other way (kit/dialog.tsx: the focus moves
 * in and is kept there, Escape closes, the focus goes back to the opener).
 */
export function Sheet({ tall, ...props }: DialogProps & { tall?: boolean }) {
  return <PlacedDialog {...props} placement={tall ? 'tall-sheet' : 'sheet'} />;
}
