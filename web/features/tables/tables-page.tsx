import type { ReactNode } from 'react';
import { IconLayoutGrid, IconPlus } from '@tabler/icons-react';
import { LABELS } from '../../../shared/messages';
import { can } from '../../../shared/permissions';
import type { TableSummary } from '../../../shared/schemas/tables.schemas';
import { Button, LinkButton } from '../../components/kit/button';
import { LazyDialogButton } from '../../components/lazy-dialog-button';
import { paths } from '../../config/paths';
import { failureReason } from '../../lib/failure-reason';
import { useNow } from '../../lib/open-time';
import { useSession } from '../../lib/session';
import { useToastsBelow } from '../../lib/toasts-below';
import { useTables } from './api/get-tables';
import { useKitchenFloor } from './api/kots';
import { TableCard } from './components/table-card';
import { TableSections } from './components/table-sections';
import { SECTIONS_TEXT } from './sections-text';
import { TABLE_TEXT } from './table-text';
import './floor.css';

/**
 * /usersidebar/billing: the floor at a glance (issue 32), a tile per table with its state,
 * time open and amount; a table is opened by its tile, paid by its 'Pay' (`onPay`, composed by
 * the app with the payment modal). Built from the kit (web/components/kit/): no Mantine in its
 * first load (lint says so); the manager's tools load when first tapped.
 */
export function TablesPage({
  onPay,
  actions,
}: {
  onPay: (table: TableSummary) => void;
  /** More header actions, composed by the app (billing's "Today's bills"). */
  actions?: ReactNode;
}) {
  const tables = useTables();
  // Each open table's items cooking and ready in the kitchen.
  const floor = useKitchenFloor();
  const session = useSession();
  const now = useNow();
  const actionsRef = useToastsBelow();
  const role = session.data?.user.role;
  const canManage = Boolean(role && can(role, 'branchSettings.manage'));
  const canManageSections = Boolean(role && can(role, 'kitchen.manage'));

  const body = () => {
    if (tables.isPending) return <FloorSkeleton />;
    if (tables.isError) {
      return (
        <div className="tf-floor-notice" data-error role="alert">
          <p className="tf-floor-notice-title">{TABLE_TEXT.loadFailed}</p>
          <p>{failureReason(tables.error)}</p>
          <Button onClick={() => void tables.refetch()}>Try again</Button>
        </div>
      );
    }
    if (tables.data.items.length === 0) {
      return (
        <div className="tf-floor-notice">
          <p className="tf-floor-notice-title">{TABLE_TEXT.empty}</p>
          <p>{TABLE_TEXT.emptyHint}</p>
          <LinkButton variant="primary" to={paths.addTable}>
            {LABELS.table.addTable}
          </LinkButton>
        </div>
      );
    }
    const grid = (items: TableSummary[], labelledBy?: string) => (
      <ul aria-labelledby={labelledBy} className="tf-floor-grid">
        {items.map((table) => (
          <TableCard
            key={table.id}
            table={table}
            now={now}
            onPay={onPay}
            canManage={canManage}
            kitchen={floor.data?.get(table.id)}
          />
        ))}
      </ul>
    );
    // Under their sections' headings, in the sections' order (docs/kitchen.md).
    return (
      <TableSections items={tables.data.items} sections={tables.data.sections} renderGrid={grid} />
    );
  };

  const count = tables.data?.items.length;
  return (
    <div className="tf-floor">
      <header className="tf-floor-header">
        <h1 className="tf-floor-title">
          {TABLE_TEXT.title}
          {count !== undefined && (
            <span className="tf-floor-count" aria-label={`${count} in all`}>
              {count}
            </span>
          )}
        </h1>
        <div className="tf-floor-actions" ref={actionsRef}>
          {actions}
          {canManageSections && (
            <LazyDialogButton
              label={SECTIONS_TEXT.manage}
              icon={<IconLayoutGrid size={20} aria-hidden />}
              load={() => import('./components/sections-manager').then((m) => m.SectionsDialog)}
            />
          )}
          <LinkButton
            variant="primary"
            collapse
            to={paths.addTable}
            icon={<IconPlus size={20} aria-hidden />}
          >
            {LABELS.table.addTable}
          </LinkButton>
        </div>
      </header>
      <p className="tf-floor-hint" aria-live="polite">
        {TABLE_TEXT.listHint}
      </p>
      <div aria-busy={tables.isFetching}>{body()}</div>
    </div>
  );
}

/** Tiles in the floor's shape while the tables load. */
function FloorSkeleton() {
  return (
    <div role="status" aria-label={TABLE_TEXT.loadingTables}>
      <div className="tf-floor-grid" aria-hidden>
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className="tf-floor-skeleton" />
        ))}
      </div>
    </div>
  );
}
