import { IconAlertTriangle } from '@tabler/icons-react';
import { Button } from '../../../components/kit/button';
import { failureReason } from '../../../lib/failure-reason';

/**
 * A failed load on the order screen, drawn with the kit (web/components/query-error.tsx's words
 * and order): what failed, why in words, and Try again.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div className="tf-notice" data-error role="alert">
      <p className="tf-notice-title">
        <IconAlertTriangle size={20} aria-hidden /> {title}
      </p>
      <p>{failureReason(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
