import { ApiError } from '../../lib/api';

/**
 * What the inventory and stock screens say beyond the spec's own strings (those come from
 * shared/messages.ts): ours, in the spec's tone.
 */
export const INVENTORY_TEXT = {
  loadFailed: 'The inventory could not be loaded.',
  itemLoadFailed: 'This inventory item could not be loaded.',
  historyLoadFailed: 'The history of this item could not be loaded.',
  optionsLoadFailed: 'The vendors and their items could not be loaded.',
  notFound: 'This inventory item does not exist (it may have been deleted).',
  backToInventory: 'Back to inventory',
  noHistory: 'No history yet.',
  noMatches: 'No inventory items match these filters.',
  clearFilters: 'Clear filters',
  lowStock: 'Low stock',
  lowStockCount: (count: number) =>
    count === 1 ? '1 item below its low-stock level' : `${count} items below their low-stock level`,
  noneLow: 'No item is below its low-stock level',
  totalValue: 'Store value',
  totalValueHint: 'Each item at its latest purchase price',
  neverBought: 'Not bought yet',
  addIngredient: 'Add Ingredient',
  saveFailed: 'Not saved',
  deleteFailed: 'Not deleted',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteMessage:
    'It disappears from the inventory. Its history stays in the reports. Products whose recipes use it must be changed first.',
  deleted: (name: string) => `${name} was deleted.`,
  updated: (name: string) => `${name} was updated.`,
  lowStockLevel: 'Low-stock level',
  lowStockLevelHint: 'The item stands out on the dashboard when it falls below this',
  reason: 'Reason for a stock correction',
  reasonHint:
    'Optional. With a reason (spoilage, a recount), a quantity change is kept in the history as a correction.',
  // Add Stock
  vendor: 'Vendor',
  invoiceDate: 'Invoice Date',
  invoiceNumber: 'Vendor invoice number',
  category: 'Category',
  item: 'Item',
  currentQuantity: 'Current Quantity',
  quantityToAdd: 'Quantity to Add',
  price: 'Price',
  priceHint: 'Total of this line',
  noVendors: 'No vendors yet. A manager adds vendors and the items they supply first.',
  emptyQueue: 'No entries yet. Fill in the form and press Add Stock Entry.',
  remove: (name: string) => `Remove ${name}`,
  submitFailed: 'Stock not updated',
  queuedNote: (count: number) =>
    count === 1
      ? '1 entry is waiting. It is kept on this device until you submit it.'
      : `${count} entries are waiting. They are kept on this device until you submit them.`,
  priceInvalid: 'Enter the price in rupees, with at most 2 decimals',
  quantityRequired: 'Quantity to add is required',
  quantityPositive: 'Quantity to add must be more than 0',
  quantityWhole: (unit: string) => `Quantity must be a whole number of ${unit}`,
  quantityDecimals: (unit: string) => `Quantity may have at most 3 decimals in ${unit}`,
} as const;

/** The server's stock submission with this key came with other entries before. */
export const isKeyReused = (error: unknown) =>
  error instanceof ApiError && error.code === 'stock.key_reused';
