import { useEffect, type ReactNode } from 'react';
import { useBelow } from '../../lib/use-below';
import './kit.css';
import './drawer.css';

/**
 * A side panel of navigation: beside the page from 992 px, a drawer over it below (phones and
 * tablets held upright) that slides in when `open`. Closed, it is out of sight, out of the tab
 * order and of what a screen reader reads (inert); Escape closes it, wherever the focus is.
 * Place it with `className` (its top and widths are the page's: drawer.css's variables).
 */
export function Drawer({
  id,
  label,
  open,
  onClose,
  className,
  children,
}: {
  id: string;
  /** The navigation's name ('Main'). */
  label: string;
  open: boolean;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const drawer = useBelow('md');
  const hidden = drawer && !open;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <nav
      id={id}
      aria-label={label}
      className={className ? `kit-drawer ${className}` : 'kit-drawer'}
      data-open={open || undefined}
      inert={hidden}
      aria-hidden={hidden || undefined}
    >
      {children}
    </nav>
  );
}
