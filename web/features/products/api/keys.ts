import { onBranchEvent } from '../../../lib/live-events';

/**
 * Everything read of products (list, one product, subcategories, add-on groups, the menu's
 * order and settings): every product change invalidates it.
 */
export const productsQueryKey = ['products'] as const;

// Another device changed the menu (a product, a group, the order, sold out): the lists refetch.
onBranchEvent('menu.changed', () => [productsQueryKey]);
