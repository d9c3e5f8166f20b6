import { Alert, Stack } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useNavigate, useParams } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import type { Product } from '../../../shared/schemas/products.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useProduct } from './api/get-product';
import { useUpdateProduct } from './api/save-product';
import { ProductForm } from './components/product-form';
import { productFormValues } from './product-form';
import { PRODUCT_TEXT } from './product-text';

/** /editproduct/{id}: the product's fields and recipe; 'Update Product'. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  const content = () => {
    if (product.isPending) return <ListSkeleton label="Loading product..." rows={4} />;
    if (product.isError) {
      if (product.error instanceof ApiError && product.error.status === 404) {
        return (
          <EmptyState
            icon={IconToolsKitchen2}
            message={PRODUCT_TEXT.notFound}
            action={{ label: PRODUCT_TEXT.backToProducts, to: paths.products }}
          />
        );
      }
      return (
        <QueryError
          title={PRODUCT_TEXT.productLoadFailed}
          error={product.error}
          onRetry={() => void product.refetch()}
        />
      );
    }
    if (product.data.archivedAt) {
      return <Alert color="yellow">{PRODUCT_TEXT.archivedNote}</Alert>;
    }
    // Keyed by the product: a refetch after saving does not reset the form under the user.
    return <EditProductForm key={product.data.id} product={product.data} />;
  };

  return (
    <Stack gap="lg" maw={880}>
      <PageHeader title={LABELS.product.editTitle} subtitle={product.data?.name} />
      {content()}
    </Stack>
  );
}

function EditProductForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const update = useUpdateProduct();
  return (
    <ProductForm
      initialValues={productFormValues(product)}
      submitLabel={LABELS.product.updateProduct}
      success={MESSAGES.product.updated}
      pending={update.isPending}
      save={(body, feedback) => update.mutate({ id: product.id, body }, feedback)}
      onDone={() => void navigate(paths.products)}
    />
  );
}
