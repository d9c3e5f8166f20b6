import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArchive, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { confirmAction } from '../../../components/confirm';
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
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon
          component={Link}
          to={paths.editProduct(product.id)}
          variant="subtle"
          size="lg"
          aria-label={`Edit ${product.name}`}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={PRODUCT_TEXT.archive}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={askArchive}
          loading={archive.isPending}
          aria-label={`${PRODUCT_TEXT.archive} ${product.name}`}
        >
          <IconArchive size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
