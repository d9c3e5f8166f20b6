import { formatInr } from '../../../../shared/money';

/** What the complimentary screens say (docs/complimentary.md). */
export const NC_TEXT = {
  // The order screen.
  actionOf: (name: string) => `Complimentary ${name}…`,
  wholeOrder: 'Whole order complimentary…',
  lineAction: 'Complimentary…',
  changeHint: 'Change or charge again',
  lineBadge: (quantity: number, reason: string) => `NC ×${quantity} · ${reason}`,
  lineTitle: (name: string) => `Complimentary: ${name}`,
  orderTitle: 'Whole order complimentary',
  explain:
    'Complimentary items are still made and taken out of stock, print at ₹0.00 with their reason and are not taxed.',
  quantity: 'How many',
  fewer: 'One fewer',
  more: 'One more',
  value: (paise: number) => `Menu value ${formatInr(paise)}`,
  wholeSummary: (items: number, paise: number) =>
    `Every item of the order (${items} ${items === 1 ? 'item' : 'items'}), menu value ${formatInr(paise)}.`,
  reason: 'Reason',
  chooseReason: 'Choose a reason',
  approval: (limit: string) =>
    `Above ${limit} of complimentary items on one order, a manager approves with their PIN.`,
  chooseManager: 'Choose the manager',
  pinRequired: 'The manager types their PIN',
  cancel: 'Cancel',
  confirm: 'Mark complimentary',
  chargeAgain: 'Charge again',
  done: (quantity: number, name: string) => `${quantity} × ${name} complimentary.`,
  doneOrder: 'The whole order is complimentary.',
  charged: (name: string) => `${name} is charged again.`,
  failed: 'The items could not be marked complimentary',
  loadFailed: 'The reasons could not be loaded.',
  loading: 'Loading reasons...',
} as const;
