import { IconArchive } from '@tabler/icons-react';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { confirmAction } from '../../../components/confirm';
import { RowActions } from '../../../components/row-actions';
import { paths } from '../../../config/paths';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useArchiveProduct } from '../api/save-product';
import { PRODUCT_TEXT } from '../product-text';

/** Edit (to /editproduct/{id}) and the delete icon, which archives after a confirmation. */
export function ProductActions({ product }: { product: ProductSummary }) {
  const archive = useArchiveProduct();
  const askArchive = () =>
    confirmAction({
      title: PRODUCT_TEXT.archiveTitle(product.name),
      message: PRODUCT_TEXT.archiveMessage,
      confirmLabel: PRODUCT_TEXT.archive,
      danger: true,
      onConfirm: () =>
        archive.mutate(product.id, {
          onSuccess: () => notifySuccess(PRODUCT_TEXT.archived(product.name)),
          onError: (error) => notifyActionFailure(error, PRODUCT_TEXT.archiveFailed),
        }),
    });

  return (
    <RowActions
      name={product.name}
      editTo={paths.editProduct(product.id)}
      removeLabel={PRODUCT_TEXT.archive}
      removeIcon={<IconArchive size={18} aria-hidden />}
      onRemove={askArchive}
      removing={archive.isPending}
    />
  );
}
