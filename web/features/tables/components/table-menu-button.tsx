import { lazy, Suspense, useState } from 'react';
import { IconDots } from '@tabler/icons-react';
import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { Button } from '../../../components/kit/button';
import { TABLE_TEXT } from '../table-text';

// The manager's menu (rename, remove) is Mantine's: loaded at the first tap, never for waiters.
const TableMenu = lazy(() => import('./table-menu').then((m) => ({ default: m.TableMenu })));

/** The tile's "More actions" button; the first tap loads the menu and opens it. */
export function TableMenuButton({ table }: { table: TableSummary }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      variant="subtle"
      className="tf-table-tile-menu"
      icon={<IconDots size={16} aria-hidden />}
      aria-label={TABLE_TEXT.tableActions(table.label)}
      aria-haspopup="menu"
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <TableMenu table={table} defaultOpened />
    </Suspense>
  );
}
