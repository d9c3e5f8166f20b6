import { Button, Paper, Stack } from '@mantine/core';
import { IconChefHat } from '@tabler/icons-react';
import { Link } from '../../../lib/router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { paths } from '../../../config/paths';
import { usePrinters } from '../api/printers';
import { PRINTING_TEXT as TEXT } from '../printing-text';
import { PrintQueue } from './print-queue';
import { PrintersSection } from './printers-section';
import { ReceiptCard } from './receipt-card';

/**
 * /settings/printers (manager, `branchSettings.manage`): the branch's printers (add, edit,
 * archive, test print), the receipt's UPI id and footer, and the print queue (docs/printing.md).
 */
export function PrintersSettingsPage() {
  const printers = usePrinters();
  const panel = { withBorder: true, radius: 'lg', p: { base: 'md', sm: 'xl' } } as const;
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title={TEXT.title}
        subtitle={TEXT.subtitle}
        actions={
          <Button
            component={Link}
            to={paths.kitchenSettings}
            variant="default"
            leftSection={<IconChefHat size={18} aria-hidden />}
          >
            {TEXT.kitchenSettings}
          </Button>
        }
      />
      <Paper {...panel}>
        {printers.isPending ? (
          <ListSkeleton label={TEXT.loading} rows={3} />
        ) : printers.isError ? (
          <QueryError
            title={TEXT.loadFailed}
            error={printers.error}
            onRetry={() => void printers.refetch()}
          />
        ) : (
          <PrintersSection printers={printers.data.items} />
        )}
      </Paper>
      <Paper {...panel}>
        <ReceiptCard />
      </Paper>
      <Paper {...panel}>
        <PrintQueue />
      </Paper>
    </Stack>
  );
}
