/**
 * What the table screens say beyond the spec's own strings (those come from
 * shared/messages.ts): ours, in the spec's tone.
 */
const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);

export const TABLE_TEXT = {
  title: 'Tables',
  listHint: 'Tap a table to take its order. Open tables show their amount and time open.',
  loadingTables: 'Loading tables...',
  loadFailed: 'The tables could not be loaded.',
  empty: 'No tables yet',
  emptyHint: 'Add a table or a counter to start taking orders.',
  /** A table with an order not yet paid (not 'Due': that is a payment status). */
  open: 'Open',
  free: 'Free',
  items,
  payFor: (label: string, amount: string) => `Pay ${amount} for ${label}`,
  printBill: 'Print bill',
  printBillHint: 'A provisional bill for the guest, before payment',
  tableActions: (label: string) => `More actions for ${label}`,
  rename: 'Rename',
  renameTitle: (label: string) => `Rename ${label}`,
  renamed: 'Table renamed',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  removeTitle: (label: string) => `Remove ${label}?`,
  removeMessage: 'The table disappears from Tables / Billing. Its past bills are kept.',
  removeNotEmpty: 'Only an empty table can be removed: bill or clear its order first.',
  removed: (label: string) => `${label} was removed.`,
  removeFailed: 'Not removed',
  saveFailed: 'Not saved',
  orderLoadFailed: 'This table could not be loaded.',
  notFound: 'This table does not exist (it may have been removed).',
  menuLoadFailed: 'The products could not be loaded.',
  noProducts: 'No products to order yet: add products first.',
  noMatch: 'No product matches this search.',
  allSubcategories: 'All',
  subcategories: 'Subcategories',
  search: 'Search products',
  searchHint: 'Type to filter, arrows to choose, Enter to add',
  emptyOrder: 'No items yet: tap a product to add it.',
  total: 'Total',
  jumpToOrders: (count: number, total: string) => `Orders: ${items(count)}, ${total}`,
  add: (name: string) => `Add ${name}`,
  increase: (name: string) => `One more ${name}`,
  decrease: (name: string) => `One less ${name}`,
  lineNotSaved: 'Order not updated',
  notSent: 'Not sent yet',
  offlineTitle: (count: number) =>
    count === 0
      ? 'No connection to the server'
      : `No connection: ${count === 1 ? '1 change' : `${count} changes`} not sent yet`,
  offlineBanner: 'Taps are kept on this device and sent when the server is back.',
  payWaits: 'Pay opens once the changes are sent.',
  staleTapsDropped: (count: number) =>
    `${count === 1 ? '1 change' : `${count} changes`} left on this device for more than 12 hours ${count === 1 ? 'was' : 'were'} not sent: check the tables' orders.`,
  signOutTitle: 'Changes not sent yet',
  signOutMessage: (count: number, tables: string) =>
    `${count === 1 ? '1 change' : `${count} changes`} on ${tables} ${count === 1 ? 'has' : 'have'} not reached the server yet. They stay on this device and are sent when someone of this branch signs in here again. Log out anyway?`,
  signOutAnyway: 'Log out anyway',
  stayHere: 'Stay signed in',
} as const;
