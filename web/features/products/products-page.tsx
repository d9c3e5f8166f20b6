import { Button, Stack } from '@mantine/core';
import { IconPlus, IconToolsKitchen2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { TableSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { useProducts } from './api/get-products';
import { ProductCards } from './components/product-cards';
import { ProductsTable } from './components/products-table';
import { PRODUCT_TEXT } from './product-text';
import { useBelow } from '../../lib/use-below';

/** /products: the branch's products on sale with food cost and margin; edit and archive. */
export function ProductsPage() {
  const products = useProducts();
  const phone = useBelow('sm');

  const body = () => {
    if (products.isPending) {
      return <TableSkeleton label="Loading products..." columns={6} rows={6} />;
    }
    if (products.isError) {
      return (
        <QueryError
          title={PRODUCT_TEXT.loadFailed}
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      );
    }
    if (products.data.items.length === 0) {
      return (
        <EmptyState
          icon={IconToolsKitchen2}
          message={MESSAGES.product.empty}
          action={{ label: LABELS.product.addProduct, to: paths.addProduct }}
        />
      );
    }
    return phone ? (
      <ProductCards items={products.data.items} />
    ) : (
      <ProductsTable items={products.data.items} />
    );
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={LABELS.product.listTitle}
        count={products.data?.count}
        subtitle={PRODUCT_TEXT.listHint}
        actions={
          <Button
            component={Link}
            to={paths.addProduct}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {LABELS.product.addProduct}
          </Button>
        }
      />
      <div aria-busy={products.isFetching}>{body()}</div>
    </Stack>
  );
}
