import { IconAlertTriangle, IconChefHat } from '@tabler/icons-react';
import { Button } from '../../../components/kit/button';
import { failureReason } from '../../../lib/failure-reason';
import { KITCHEN_TEXT } from '../kitchen-text';

/** What the display shows while its first answer is on its way: the cards' shapes. */
export function TicketsSkeleton() {
  return (
    <div role="status" aria-label={KITCHEN_TEXT.loading}>
      <div className="tf-kds-grid" aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="tf-kds-skeleton" />
        ))}
      </div>
    </div>
  );
}

/** The tickets could not be read: why, in words, and Try again. */
export function TicketsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="tf-kds-notice" data-error role="alert">
      <IconAlertTriangle className="tf-kds-notice-icon" size={22} aria-hidden />
      <div className="tf-kds-notice-text">
        <p className="tf-kds-notice-title">{KITCHEN_TEXT.loadFailed}</p>
        <p>{failureReason(error)}</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

/** A kitchen with nothing to make. */
export function NoTickets() {
  return (
    <div className="tf-kds-empty">
      <span className="tf-kds-empty-icon" aria-hidden>
        <IconChefHat size={30} stroke={1.6} />
      </span>
      <p className="tf-kds-empty-title">{KITCHEN_TEXT.empty}</p>
      <p>{KITCHEN_TEXT.emptyHint}</p>
    </div>
  );
}
