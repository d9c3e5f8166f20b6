import { formatInr } from '../../../../shared/money';

/** What the void dialog says (docs/kitchen.md, "Voids"). */
export const VOID_TEXT = {
  action: 'Void',
  actionOf: (name: string) => `Void ${name}`,
  title: (name: string) => `Void ${name}`,
  explain: (sent: number) =>
    `${sent} ${sent === 1 ? 'was' : 'were'} sent to the kitchen. A manager approves taking it off with their PIN; the kitchen is told at once.`,
  quantity: 'How many',
  fewer: 'One fewer',
  more: 'One more',
  value: (paise: number) => `Value ${formatInr(paise)}`,
  reason: 'Reason',
  chooseReason: 'Choose a reason',
  manager: 'Approved by',
  chooseManager: 'Choose the manager',
  noManagers: 'No manager has set an approval PIN yet: a manager sets one in Settings.',
  pin: 'Manager’s PIN',
  pinHint: '4 to 6 digits, typed by the manager',
  pinRequired: 'The manager types their PIN',
  cancel: 'Cancel',
  confirm: 'Void',
  done: (quantity: number, name: string) => `${quantity} × ${name} voided. The kitchen was told.`,
  failed: 'The item could not be voided',
  loading: 'Loading managers...',
  loadFailed: 'The managers could not be loaded.',
} as const;
