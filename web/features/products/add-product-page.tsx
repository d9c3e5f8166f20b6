import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useNavigate } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCreateProduct } from './api/save-product';
import { ProductForm } from './components/product-form';
import { emptyProductForm } from './product-form';

/** /add-product: a product with its recipe; back to the list after. */
export function AddProductPage() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [initialValues] = useState(emptyProductForm);
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader title={LABELS.product.addTitle} />
      <ProductForm
        initialValues={initialValues}
        submitLabel={LABELS.product.addProduct}
        success={MESSAGES.product.added}
        pending={create.isPending}
        save={(body, feedback) => create.mutate(body, feedback)}
        onDone={() => void navigate(paths.products)}
      />
    </Stack>
  );
}
