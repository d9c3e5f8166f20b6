import { IconToolsKitchen2 } from '@tabler/icons-react';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { LinkButton } from '../../../components/kit/button';
import { LoadFailed } from '../../../components/kit/notice';
import { Skeleton } from '../../../components/kit/skeleton';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { TABLE_TEXT } from '../table-text';

/**
 * The order screen before it has a table's order: loading, the table gone (a way back to the
 * tables), or the load failed (why, and Try again).
 */
export function OrderUnavailable({
  order,
}: {
  order: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  if (!order.isError) {
    return (
      <div className="tf-order-state">
        <Skeleton label={MESSAGES.table.loading} rows={6} />
      </div>
    );
  }
  const missing = order.error instanceof ApiError && order.error.status === 404;
  return (
    <div className="tf-order-state">
      {missing ? (
        <div className="tf-notice">
          <IconToolsKitchen2 size={30} stroke={1.6} aria-hidden />
          <p className="tf-notice-title">{TABLE_TEXT.notFound}</p>
          <LinkButton variant="primary" to={paths.billing}>
            {LABELS.table.backToTables}
          </LinkButton>
        </div>
      ) : (
        <LoadFailed
          title={TABLE_TEXT.orderLoadFailed}
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      )}
    </div>
  );
}
