import { IconReceipt } from '@tabler/icons-react';
import { LazyDialogButton } from '../../components/lazy-dialog-button';
import { BILLING_TEXT } from './billing-text';

/** Tables / Billing's "Today's bills": the drawer (today-bills.tsx) loads at the first tap. */
export function TodayBillsButton() {
  return (
    <LazyDialogButton
      label={BILLING_TEXT.todaysBills}
      icon={<IconReceipt size={20} aria-hidden />}
      load={() => import('./today-bills').then((m) => m.TodayBillsDrawer)}
    />
  );
}
