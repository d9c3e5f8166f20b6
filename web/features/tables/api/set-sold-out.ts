import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoldOutBody } from '../../../../shared/schemas/menu.schemas';
import { api } from '../../../lib/api';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { TABLE_TEXT } from '../table-text';
import { tableKeys } from './keys';

interface SoldOutChange {
  productId: string;
  /** The product's or the variant's name, for the toast. */
  name: string;
  body: SoldOutBody;
}

/**
 * Marks a product or one of its variants sold out (86) or back on sale, from the order screen
 * (staff and managers). Every device of the branch greys it out through `menu.changed`; this
 * device reads the menu again at once.
 */
export function useSetSoldOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: SoldOutChange) =>
      api<unknown>(`/products/${encodeURIComponent(productId)}/sold-out`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (_, { name, body }) => {
      notifySuccess(body.soldOut ? TABLE_TEXT.markedSoldOut(name) : TABLE_TEXT.markedOnSale(name));
      return queryClient.invalidateQueries({ queryKey: tableKeys.menu });
    },
    onError: (error) => notifyActionFailure(error, TABLE_TEXT.soldOutNotSaved),
  });
}
