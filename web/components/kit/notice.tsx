import type { HTMLAttributes, ReactNode } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { failureReason } from '../../lib/failure-reason';
import { Button } from './button';
import './kit.css';
import './notice.css';

/**
 * News in a screen or dialog, with words and a tone: `warning` (amber: look again, wait) or
 * `danger` (red: it failed). Its icon, then a first line in bold and what to do under it. The
 * caller says how it is announced (`role`: status or alert).
 */
export function Notice({
  tone = 'warning',
  title,
  icon = <IconAlertTriangle size={18} aria-hidden />,
  children,
  ...props
}: {
  tone?: 'warning' | 'danger';
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'title'>) {
  return (
    <div {...props} className="kit-notice" data-tone={tone}>
      <span className="kit-notice-icon">{icon}</span>
      <div className="kit-notice-body">
        {title ? <p className="kit-notice-title">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

/**
 * A failed load (web/components/query-error.tsx's words and order, drawn with the kit): what
 * failed, why in words, and Try again.
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
    <Notice tone="danger" title={title} role="alert">
      <p>{failureReason(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </Notice>
  );
}
