import type { ReactNode } from 'react';
import { IconChevronUp } from '@tabler/icons-react';
import { Sheet } from '../../../components/kit/sheet';
import { TABLE_TEXT } from '../table-text';

/**
 * A phone's order: the bar at the bottom (the table, its item count and amount, 'View order')
 * and the tall sheet it opens, holding the order (`children`).
 */
export function OrderBar({
  label,
  itemCount,
  amount,
  summary,
  open,
  onOpen,
  children,
}: {
  label: string;
  itemCount: number;
  /** The bill's grand total as the screen says it. */
  amount: string;
  /** 'n items · ₹…', the sheet's title after the table's name. */
  summary: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <>
      <div className="tf-order-bar">
        <div className="tf-order-bar-text">
          <span className="tf-order-bar-name">
            {label} · {TABLE_TEXT.itemCount(itemCount)}
          </span>
          <span className="tf-order-bar-sum">{amount}</span>
        </div>
        <button
          type="button"
          className="tf-order-bar-button"
          aria-label={TABLE_TEXT.viewOrderLabel(itemCount, amount)}
          aria-expanded={open}
          onClick={() => onOpen(true)}
        >
          {TABLE_TEXT.viewOrder}
          <IconChevronUp size={18} aria-hidden />
        </button>
      </div>
      <Sheet
        tall
        opened={open}
        onClose={() => onOpen(false)}
        title={`${label} · ${summary}`}
        closeLabel={TABLE_TEXT.closePicker}
        className="tf-order-sheet"
      >
        {children}
      </Sheet>
    </>
  );
}
