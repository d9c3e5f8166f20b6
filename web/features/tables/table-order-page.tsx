import { useMemo } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconToolsKitchen2 } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { formatInr } from '../../../shared/money';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useMenu } from './api/get-menu';
import { useTableOrder } from './api/get-table-order';
import { changeLine, useTapOutbox } from './api/order-sync';
import { OrderPanel } from './components/order-panel';
import { ProductPicker } from './components/product-picker';
import type { LineProduct } from './order-lines';
import { TABLE_TEXT } from './table-text';
import './tables.css';

/**
 * /table/{tableId}: take the table's order. Each tap shows at once and is saved as one change
 * of one line; 'Pay' calls `onPay` (composed by the app with the payment modal).
 */
export function TableOrderPage({
  onPay,
  onPrintBill,
}: {
  onPay: (order: TableOrder) => void;
  /** 'Print bill': the table's provisional bill (composed by the app with billing's page). */
  onPrintBill?: (order: TableOrder) => void;
}) {
  const { tableId = '' } = useParams();
  const order = useTableOrder(tableId);
  const menu = useMenu();
  const outbox = useTapOutbox();
  const quantities = useMemo(
    () => new Map(order.data?.lines.map((line) => [line.productId, line.quantity])),
    [order.data],
  );
  const unsentOps = outbox.unsent.get(tableId);
  const unsent = useMemo(() => new Set(unsentOps?.map((op) => op.product.productId)), [unsentOps]);
  const change = (product: LineProduct, delta: number) => changeLine(tableId, product, delta);

  const back = (
    <Button
      component={Link}
      to={paths.billing}
      variant="default"
      leftSection={<IconArrowLeft size={18} aria-hidden />}
    >
      {LABELS.table.backToTables}
    </Button>
  );

  if (order.isPending) {
    return (
      <Stack gap="lg">
        <ListSkeleton label={MESSAGES.table.loading} rows={6} />
      </Stack>
    );
  }
  if (order.isError && !order.data) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <Stack gap="lg" maw={640}>
        {missing ? (
          <EmptyState
            icon={IconToolsKitchen2}
            message={TABLE_TEXT.notFound}
            action={{ label: LABELS.table.backToTables, to: paths.billing }}
          />
        ) : (
          <QueryError
            title={TABLE_TEXT.orderLoadFailed}
            error={order.error}
            onRetry={() => void order.refetch()}
          />
        )}
      </Stack>
    );
  }

  const products = () => {
    if (menu.isPending) return <ListSkeleton label="Loading products..." rows={4} />;
    if (menu.isError && !menu.data) {
      return (
        <QueryError
          title={TABLE_TEXT.menuLoadFailed}
          error={menu.error}
          onRetry={() => void menu.refetch()}
        />
      );
    }
    if (menu.data.items.length === 0) {
      return <EmptyState icon={IconToolsKitchen2} message={TABLE_TEXT.noProducts} />;
    }
    return (
      <ProductPicker
        items={menu.data.items}
        quantities={quantities}
        onAdd={(product) => change(product, 1)}
      />
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title={order.data.label} actions={back} />
      <div className="tf-order-layout">
        <section aria-label="Products">{products()}</section>
        <OrderPanel
          order={order.data}
          unsent={unsent}
          payWaits={outbox.offline && unsent.size > 0}
          onChange={change}
          onPay={onPay}
          onPrintBill={onPrintBill}
        />
      </div>
      {order.data.lines.length > 0 && (
        <Button
          component="a"
          href="#orders-title"
          className="tf-order-jump"
          size="md"
          fullWidth
          variant="filled"
          color="dark"
        >
          {TABLE_TEXT.jumpToOrders(
            order.data.lines.reduce((sum, line) => sum + line.quantity, 0),
            formatInr(order.data.totalPaise),
          )}
        </Button>
      )}
    </Stack>
  );
}
