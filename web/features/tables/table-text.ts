import { MAX_ORDER_LINES } from '../../../shared/menu';

/**
 * What the table screens say beyond the spec's own strings (those come from
 * shared/messages.ts): ours, in the spec's tone.
 */
const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);

export const TABLE_TEXT = {
  title: 'Tables',
  listHint: 'Tap a table to take its order. Open tables show their amount and time open.',
  loadingTables: 'Loading tables...',
  /** A sheet whose content is still on its way (its code loads after the screen's). */
  loadingSheet: 'Loading...',
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
  products: 'Products',
  search: 'Search products',
  searchPlaceholder: 'Search or type a code',
  searchHint: 'Type a name or short code, arrows to choose, Enter to add, Shift+Enter for choices',
  skipToOrder: 'Skip to the order',
  emptyOrder: 'No items yet: tap a product to add it.',
  total: 'Total',
  totalWithGst: 'Total incl. GST',
  summary: (count: number, total: string) => `${items(count)} · ${total}`,
  guests: 'Guests',
  guestCount: (guests: number | null) =>
    guests === null ? 'Guests?' : guests === 1 ? '1 guest' : `${guests} guests`,
  guestsLabel: (guests: number | null) =>
    guests === null ? 'Guests: not said. Set them' : `Guests: ${guests}. Change`,
  guestsTitle: 'Guests at this table',
  guestsTyped: 'Or type how many',
  setGuests: 'Set',
  clearGuests: 'Not said',
  guestsNotSaved: 'Guests not saved',
  itemCount: items,
  viewOrder: 'View order',
  viewOrderLabel: (count: number, total: string) => `View order: ${items(count)}, ${total}`,
  add: (name: string) => `Add ${name}`,
  increase: (name: string) => `One more ${name}`,
  decrease: (name: string) => `One less ${name}`,
  fromPrice: (price: string) => `from ${price}`,
  soldOut: 'Sold out',
  soldOutLabel: (name: string) => `${name}, sold out`,
  soldOutRefused: (name: string) => `${name} is sold out`,
  soldOutHint: 'Nothing was added. A manager or staff member can put it back on sale.',
  cardMenu: (name: string) => `More for ${name}`,
  addWithChoices: 'Add with choices…',
  markSoldOut: 'Mark sold out',
  backOnSale: 'Back on sale',
  markVariantSoldOut: (variant: string) => `Mark ${variant} sold out`,
  variantBackOnSale: (variant: string) => `${variant} back on sale`,
  markedSoldOut: (name: string) => `${name} is marked sold out on every device.`,
  markedOnSale: (name: string) => `${name} is back on sale.`,
  soldOutNotSaved: 'Sold out not changed',
  chooseVariant: 'Choose one',
  required: 'Required',
  optional: 'Optional',
  groupRule: (min: number, max: number) =>
    min === 0
      ? max === 1
        ? 'Optional, up to 1'
        : `Optional, up to ${max}`
      : min === max
        ? `Required, choose ${min}`
        : `Required, choose ${min} to ${max}`,
  note: 'Note',
  notePlaceholder: 'e.g. less oil',
  quickNotes: 'Quick notes',
  addPrice: (price: string) => `Add ${price}`,
  /** Before a variant is chosen: the cheapest one's price. */
  addFrom: (price: string) => `Add · from ${price}`,
  editNote: (name: string) => `Note for ${name}`,
  editNoteTitle: 'Note for this line',
  saveNote: 'Save note',
  lineWithNote: (note: string) => `note: ${note}`,
  closePicker: 'Close',
  lineNotSaved: 'Order not updated',
  tooManyLines: `An order can have at most ${MAX_ORDER_LINES} different lines. Bill this table, or add to a line already on it.`,
  notSent: 'Not sent yet',
  offlineTitle: (count: number) =>
    count === 0
      ? 'No connection to the server'
      : `No connection: ${count === 1 ? '1 change' : `${count} changes`} not sent yet`,
  offlineBanner: 'Taps are kept on this device and sent when the server is back.',
  outboxNearlyFull: (left: number) =>
    `This device can keep ${left === 1 ? '1 more change' : `${left} more changes`}: connect it to the internet to send them.`,
  outboxFull: (limit: number) =>
    `This device already keeps ${limit} changes not sent. Connect it to the internet to send them, or take the order on another device.`,
  payWaits: 'Pay opens once the changes are sent.',
  staleTapsDropped: (count: number) =>
    `${count === 1 ? '1 change' : `${count} changes`} left on this device for more than 12 hours ${count === 1 ? 'was' : 'were'} not sent: check the tables' orders.`,
  signOutTitle: 'Changes not sent yet',
  signOutMessage: (count: number, tables: string) =>
    `${count === 1 ? '1 change' : `${count} changes`} on ${tables} ${count === 1 ? 'has' : 'have'} not reached the server yet. They stay on this device and are sent when someone of this branch signs in here again. Log out anyway?`,
  signOutAnyway: 'Log out anyway',
  stayHere: 'Stay signed in',
} as const;
