import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from '../../lib/router';
import './kit.css';
import './button.css';

type Look = {
  /** primary: the screen's main action; default: outlined; subtle: no border. */
  variant?: 'primary' | 'default' | 'subtle';
  /** An icon before the label (aria-hidden: the label names the control). */
  icon?: ReactNode;
  /** The full width of its container. */
  fullWidth?: boolean;
  /** On phones, the icon alone (the label stays the control's name). */
  collapse?: boolean;
};

function lookOf({ variant = 'default', fullWidth, collapse }: Look, iconOnly: boolean) {
  return {
    'data-variant': variant,
    'data-full': fullWidth || undefined,
    'data-collapse': collapse || undefined,
    'data-icon-only': iconOnly || undefined,
  };
}

function Content({ icon, children }: { icon?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {icon}
      {children !== undefined && <span className="kit-button-label">{children}</span>}
    </>
  );
}

/**
 * A pill button, 48 px high (the landing page's and the theme's look). An icon-only button must
 * have an `aria-label`.
 */
export const Button = forwardRef<HTMLButtonElement, Look & ButtonHTMLAttributes<HTMLButtonElement>>(
  function Button({ variant, icon, fullWidth, collapse, className, children, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        {...props}
        className={className ? `kit-button ${className}` : 'kit-button'}
        {...lookOf({ variant, fullWidth, collapse }, children === undefined)}
      >
        <Content icon={icon}>{children}</Content>
      </button>
    );
  },
);

/** A link that looks like a Button (it goes somewhere: Add Table). */
export function LinkButton({
  variant,
  icon,
  fullWidth,
  collapse,
  className,
  children,
  ...props
}: Look & LinkProps) {
  return (
    <Link
      {...props}
      className={className ? `kit-button ${className}` : 'kit-button'}
      {...lookOf({ variant, fullWidth, collapse }, children === undefined)}
    >
      <Content icon={icon}>{children}</Content>
    </Link>
  );
}
