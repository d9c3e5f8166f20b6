/**
 * Query keys of the vendor screens, all under 'vendors' so a vendor change refreshes every one.
 * Totals also move when stock is submitted elsewhere (Add Stock, another device): the vendor
 * queries therefore refetch whenever a screen opens (`fresh`), showing what they had meanwhile.
 */
export const vendorKeys = {
  all: ['vendors'] as const,
  list: () => [...vendorKeys.all, 'list'] as const,
  detail: (id: string) => [...vendorKeys.all, 'detail', id] as const,
  stock: (id: string, invoiceDate: string) =>
    [...vendorKeys.all, 'stock', id, invoiceDate] as const,
  paymentsSummary: () => [...vendorKeys.all, 'payments-summary'] as const,
  categories: () => [...vendorKeys.all, 'ingredient-categories'] as const,
  categoryItems: (category: string) => [...vendorKeys.all, 'ingredients', category] as const,
};

/** Always refetched when a screen opens: other screens and devices change these numbers. */
export const fresh = { staleTime: 0 } as const;
