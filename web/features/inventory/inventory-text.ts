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
  showLowOnly: 'Show only these',
  showAllItems: 'Show all items',
  showingLowOnly: 'Showing only the items below their low-stock level',
  noneLowHere: 'No item here is below its low-stock level.',
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
  // History: sales and reversals
  saleOf: (billNumber: string) => `Bill ${billNumber}`,
  reversesEntry: 'Reverses a stock entry',
  reversesEntryOf: (moment: string) => `Reverses the stock entry of ${moment}`,
  reversedOn: (moment: string, name: string | null) =>
    `Reversed on ${moment}${name ? ` by ${name}` : ''}`,
  reverse: 'Reverse',
  reverseLabel: (quantity: string, moment: string) =>
    `Reverse the stock entry of ${quantity} on ${moment}`,
  reverseTitle: (quantity: string, name: string) => `Reverse ${quantity} of ${name}?`,
  reverseMessage: (moment: string) =>
    `The stock entry of ${moment} was a mistake: its quantity leaves the stock and the vendor is no longer owed its price. Both rows stay in the history. This cannot be undone.`,
  reversed: (quantity: string, name: string) => `${quantity} of ${name} was taken back.`,
  reverseFailed: 'Not reversed',
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
  vendorHasNoItems: (vendor: string) =>
    `${vendor} has categories but no items chosen, so there is nothing to pick under Item.`,
  vendorHasNoItemsIn: (vendor: string, category: string) =>
    `${vendor} supplies no item in ${category}, so there is nothing to pick under Item.`,
  chooseVendorItems: (vendor: string) => `Choose the items of ${vendor}`,
  askManagerForItems: 'Ask a manager to choose the items this vendor supplies.',
  pricePerUnit: (perUnit: string) => `That is ${perUnit}`,
  lastPrice: (perUnit: string) => `last bought at ${perUnit}`,
  priceFarTitle: 'Check the quantity and price',
  priceFarMessage: (line: string, perUnit: string, last: string) =>
    `${line} comes to ${perUnit}, far from the last purchase at ${last}. Is the quantity in the right unit (kg or g, L or ml)?`,
  priceFarConfirm: 'Add anyway',
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
  quantityNotNumber: 'Quantity to add must be a number',
} as const;

/** The server's stock submission with this key came with other entries before. */
export const isKeyReused = (error: unknown) =>
  error instanceof ApiError && error.code === 'stock.key_reused';
