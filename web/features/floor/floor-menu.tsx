import { useState } from 'react';
import {
  IconArrowsJoin2,
  IconArrowsRightLeft,
  IconChevronDown,
  IconDivide,
  IconReceipt,
} from '@tabler/icons-react';
import type { SplitLine } from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { Menu, MenuItem } from '../../components/kit/menu';
import { lazyMantine } from '../../components/lazy-mantine';
import './floor-menu.css';

/** The menu's words (the dialogs' are floor-text.ts, loaded with them). */
const MENU_TEXT = {
  action: 'Move / Merge / Split',
  actionLabel: (label: string) => `Move, merge or split ${label}`,
  move: 'Move to a free table',
  merge: 'Merge into a table',
  splitItems: 'Split by items',
  splitEqually: 'Split equally',
};

export type FloorDialog = 'move' | 'merge' | 'split' | 'equal';

/** The dialogs (Mantine): their own chunk, loaded when one is first chosen. */
const FloorDialogs = lazyMantine(async () => (await import('./floor-dialogs')).FloorDialogs);

/**
 * The order screen's 'Move / Merge / Split' (docs/kitchen.md, "Move, merge, split"): a kit menu
 * drawn with the screen; the dialog of the chosen action loads then (floor-dialogs.tsx).
 */
export function FloorMenu({
  order,
  onPayItems,
  beforePay,
}: {
  order: TableOrder;
  /** Opens the payment dialog for these lines and quantities of the order. */
  onPayItems: (lines: SplitLine[]) => void;
  /** Resolves once the taps still on their way to the server have landed (they are billed too). */
  beforePay: (tableId: string) => Promise<void>;
}) {
  const [dialog, setDialog] = useState<FloorDialog | null>(null);
  return (
    <>
      <Menu
        label={MENU_TEXT.actionLabel(order.label)}
        buttonClassName="tf-floor-action"
        disabled={order.lines.length === 0}
        button={
          <>
            <span className="tf-floor-action-text">{MENU_TEXT.action}</span>
            <IconArrowsRightLeft size={18} aria-hidden className="tf-floor-action-icon" />
            <IconChevronDown size={16} aria-hidden className="tf-floor-action-chevron" />
          </>
        }
      >
        <MenuItem
          icon={<IconArrowsRightLeft size={16} aria-hidden />}
          onSelect={() => setDialog('move')}
        >
          {MENU_TEXT.move}
        </MenuItem>
        <MenuItem
          icon={<IconArrowsJoin2 size={16} aria-hidden />}
          onSelect={() => setDialog('merge')}
        >
          {MENU_TEXT.merge}
        </MenuItem>
        <MenuItem icon={<IconReceipt size={16} aria-hidden />} onSelect={() => setDialog('split')}>
          {MENU_TEXT.splitItems}
        </MenuItem>
        <MenuItem icon={<IconDivide size={16} aria-hidden />} onSelect={() => setDialog('equal')}>
          {MENU_TEXT.splitEqually}
        </MenuItem>
      </Menu>
      {dialog && (
        <FloorDialogs
          dialog={dialog}
          order={order}
          onPayItems={onPayItems}
          beforePay={beforePay}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
