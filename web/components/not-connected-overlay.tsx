import { useEffect, useState } from 'react';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useLiveStatus } from '../lib/live-events';
import { useOnline } from '../lib/use-online';
import { Spinner } from './page-loader';
import './not-connected-overlay.css';

/** How long the live stream may be lost before a display says so (a blink is not shown). */
const LOST_AFTER_MS = 4_000;

export const NOT_CONNECTED_TEXT = {
  title: 'Not connected — tickets may be missing',
  hint: 'This screen cannot reach the server. It clears itself as soon as the server answers; check the Wi-Fi if it stays.',
} as const;

/**
 * True once the server has been out of reach for a few seconds: the browser says it is offline,
 * or the live stream was lost and has not come back (a server restart, a network drop).
 */
export function useServerLost(): boolean {
  const status = useLiveStatus();
  const online = useOnline();
  const [streamLost, setStreamLost] = useState(false);
  useEffect(() => {
    if (status !== 'connecting') {
      setStreamLost(false);
      return;
    }
    const timer = window.setTimeout(() => setStreamLost(true), LOST_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
  return !online || streamLost;
}

/**
 * A display's plain word that it is cut off (the kitchen display, a fixed display): the whole
 * screen, over what it shows, until the server answers again; then it goes by itself.
 */
export function NotConnectedOverlay() {
  return (
    <div className="tf-not-connected" role="alert" data-testid="not-connected">
      <IconPlugConnectedX size={64} stroke={1.5} aria-hidden />
      <h2 className="tf-not-connected-title">{NOT_CONNECTED_TEXT.title}</h2>
      <p className="tf-not-connected-hint">{NOT_CONNECTED_TEXT.hint}</p>
      <Spinner light />
    </div>
  );
}
