import { useState } from 'react';
import { IconDots } from '@tabler/icons-react';
import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { Button } from '../../../components/kit/button';
import { lazyMantine } from '../../../components/lazy-mantine';
import { TABLE_TEXT } from '../table-text';

function MenuButton({ table, onClick }: { table: TableSummary; onClick?: () => void }) {
  return (
    <Button
      variant="subtle"
      className="tf-table-tile-menu"
      icon={<IconDots size={16} aria-hidden />}
      aria-label={TABLE_TEXT.tableActions(table.label)}
      aria-haspopup="menu"
      onClick={onClick}
    />
  );
}

// The manager's menu (rename, remove) is Mantine's: loaded at the first tap, never for waiters.
const TableMenu = lazyMantine(
  () => import('./table-menu').then((m) => m.TableMenu),
  ({ table }) => <MenuButton table={table} />,
);

/** The tile's "More actions" button; the first tap loads the menu and opens it. */
export function TableMenuButton({ table }: { table: TableSummary }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <MenuButton table={table} onClick={() => setWanted(true)} />;
  return <TableMenu table={table} defaultOpened />;
}
