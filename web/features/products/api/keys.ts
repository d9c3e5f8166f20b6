/** Everything read of products (list, one product, subcategories): every product change invalidates it. */
export const productsQueryKey = ['products'] as const;
