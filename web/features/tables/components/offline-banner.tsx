import { IconCloudOff } from '@tabler/icons-react';
import { useTapOutbox } from '../api/order-sync';
import { outboxRoom } from '../api/tap-outbox';
import { TABLE_TEXT } from '../table-text';
import './offline-banner.css';

/**
 * Under the header of every branch screen while the server cannot be reached: taps are kept on
 * the device and how many wait. A status, not an alert: it informs, nothing must be done.
 */
export function OfflineBanner() {
  const outbox = useTapOutbox();
  if (!outbox.offline) return null;
  const { count, left, warn } = outboxRoom(outbox);
  return (
    <div
      className="tf-offline-banner"
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
    >
      <IconCloudOff size={18} aria-hidden />
      <div>
        <p className="tf-offline-banner-title">{TABLE_TEXT.offlineTitle(count)}</p>
        <p>{TABLE_TEXT.offlineBanner}</p>
        {warn && <p className="tf-offline-banner-warn">{TABLE_TEXT.outboxNearlyFull(left)}</p>}
      </div>
    </div>
  );
}
