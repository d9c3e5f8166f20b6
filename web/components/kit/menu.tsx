import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from '../../lib/router';
import './kit.css';
import './menu.css';

const CloseMenu = createContext<() => void>(() => undefined);

const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? []),
];

/**
 * A menu button (WAI-ARIA's menu button pattern): the button says it opens a menu; Enter, Space
 * or the arrows open it with the focus on an item; the arrows, Home and End move among the
 * items; Escape closes it and gives the focus back to the button, as choosing an item does; Tab
 * or a tap elsewhere closes it. `header` is text at its top (who is signed in); the items are
 * `MenuItem`s and `MenuDivider`s. It opens under the button, aligned to its right edge.
 */
export function Menu({
  label,
  button,
  buttonClassName,
  header,
  disabled,
  children,
}: {
  /** The button's accessible name (it must contain what the button shows). */
  label: string;
  button: ReactNode;
  buttonClassName?: string;
  /** The button cannot open the menu (nothing to act on yet). */
  disabled?: boolean;
  header?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menuRef.current);
    (open === 'last' ? items.at(-1) : items[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const items = itemsOf(menuRef.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(-1);
    else if (event.key === 'Escape') {
      // The menu's own: the drawer or a dialog under it stays as it is.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      closeToButton();
    } else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="kit-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={buttonClassName ? `kit-menu-button ${buttonClassName}` : 'kit-menu-button'}
        aria-label={label}
        aria-haspopup="menu"
        disabled={disabled}
        aria-expanded={Boolean(open)}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onButtonKey}
      >
        {button}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          className="kit-menu-list"
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
        >
          {header && <div className="kit-menu-header">{header}</div>}
          <CloseMenu.Provider value={closeToButton}>{children}</CloseMenu.Provider>
        </div>
      )}
    </div>
  );
}

/** An item of a `Menu`: a link (`to`) or an action (`onSelect`); either closes the menu. */
export function MenuItem({
  icon,
  to,
  onSelect,
  disabled,
  children,
}: {
  icon?: ReactNode;
  to?: string;
  onSelect?: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const close = useContext(CloseMenu);
  const content = (
    <>
      {icon && <span className="kit-menu-icon">{icon}</span>}
      <span>{children}</span>
    </>
  );
  if (to) {
    return (
      <Link to={to} role="menuitem" tabIndex={-1} className="kit-menu-item" onClick={close}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="kit-menu-item"
      disabled={disabled}
      onClick={() => {
        close();
        onSelect?.();
      }}
    >
      {content}
    </button>
  );
}

/** A line between groups of items. */
export function MenuDivider() {
  return <div role="separator" className="kit-menu-divider" />;
}
