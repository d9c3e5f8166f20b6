import { formatInr } from '../../../shared/money';

/** The floor's words (move, merge, split), each written once. */
export const FLOOR_TEXT = {
  action: 'Move / Merge / Split',
  actionLabel: (label: string) => `Move, merge or split ${label}`,
  move: 'Move to a free table',
  merge: 'Merge into a table',
  splitItems: 'Split by items',
  moveTitle: (label: string) => `Move ${label} to`,
  mergeTitle: (label: string) => `Merge ${label} into`,
  splitTitle: (label: string) => `Split ${label} by items`,
  moveHint: 'The order, its guests and what the kitchen was sent go to the table you choose.',
  mergeHint: (label: string) =>
    `${label}'s items join the order of the table you choose; ${label} is left empty.`,
  splitHint: 'Choose what this guest pays. The rest stays on the table.',
  noFreeTables: 'No free table: every other table has an order.',
  noOtherTables: 'There is no other table.',
  loadingTables: 'Loading tables',
  tablesFailed: 'The tables could not be loaded',
  freeCard: 'Free',
  busyCard: (items: number, total: number) =>
    `${items} ${items === 1 ? 'item' : 'items'} · ${formatInr(total)}`,
  moved: (from: string, to: string) => `${from} moved to ${to}`,
  merged: (from: string, to: string) => `${from} merged into ${to}`,
  moveFailed: 'The table was not moved',
  mergeFailed: 'The tables were not merged',
  chooseItems: 'Choose at least one item',
  payPart: (total: number) => `Bill these · ${formatInr(total)}`,
  all: 'All',
  none: 'None',
  fewer: (name: string) => `One ${name} fewer`,
  more: (name: string) => `One ${name} more`,
  chosenOf: (chosen: number, of: number) => `${chosen} of ${of}`,
  cancel: 'Cancel',
} as const;
