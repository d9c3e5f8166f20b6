import { formatDisplayDate } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';

/** What the Cash Drawer and Day Close screens say (docs/cash.md). */
export const CASH_SCREEN_TEXT = {
  // Cash Drawer
  title: 'Cash Drawer',
  subtitle: 'Open a shift with a float, record cash in and out, count and close.',
  loading: 'Loading the drawers...',
  loadFailed: 'The drawers could not be loaded.',
  dayClosed: (date: string) =>
    `${formatDisplayDate(date)} is closed: shifts and cash of that day cannot change until a manager reopens it.`,
  noShift: 'No shift open',
  openShift: 'Open shift',
  openShiftLabel: (counter: string) => `Open shift at ${counter}`,
  openTitle: (counter: string) => `Open shift at ${counter}`,
  openHint: 'Count the float in the drawer, note by note.',
  opened: (counter: string, paise: number) =>
    `Shift opened at ${counter} with a float of ${formatInr(paise)}`,
  notOpened: 'Shift not opened',
  open: 'Open',
  closed: 'Closed',
  thisDevice: 'This device',
  workHere: 'Use on this device',
  workHereLabel: (counter: string) => `Use the shift at ${counter} on this device`,
  usedHere: (counter: string) => `This device now takes cash for ${counter}`,
  openedAt: (time: string, by: string | null) => `Opened ${time}${by ? ` by ${by}` : ''}`,
  closedAt: (time: string, by: string | null) => `Closed ${time}${by ? ` by ${by}` : ''}`,
  float: 'Float',
  cashReceived: 'Cash received',
  cashRefunded: 'Cash refunded',
  cashIn: 'Cash in',
  cashOut: 'Cash out',
  expected: 'Expected in drawer',
  countedAtClose: 'Counted at close',
  blindHint: 'The drawer is counted blind: the difference shows once the count is in.',
  counted: 'Counted',
  difference: 'Difference',
  note: 'Note',
  approvedBy: (name: string) => `Approved by ${name}`,
  entries: 'Cash in and out',
  noEntries: 'No cash in or out yet',
  closeShift: 'Close shift',
  closeShiftLabel: (counter: string) => `Close the shift at ${counter}`,
  closedToday: 'Closed shifts',
  noneClosed: 'No shift closed on this day yet',

  // Count form
  notesOf: (d: number) => `₹${d} notes`,
  lineTotal: (d: number) => `₹${d} notes total`,
  coins: 'Coins and ₹5 notes',
  coinsHint: 'Their value in rupees',
  total: 'Total',

  // Cash in / out
  entryTitle: (kind: 'in' | 'out', counter: string) =>
    `${kind === 'in' ? 'Cash in' : 'Cash out'} at ${counter}`,
  reason: 'Reason',
  amount: 'Amount (₹)',
  optionalNote: 'Note (optional)',
  entrySaved: (kind: 'in' | 'out', paise: number) =>
    `${kind === 'in' ? 'Cash in' : 'Cash out'} of ${formatInr(paise)} recorded`,
  entryNotSaved: 'Not recorded',
  record: 'Record',
  cancel: 'Cancel',

  // Close
  closeTitle: (counter: string) => `Close the shift at ${counter}`,
  closeHint: 'Count everything in the drawer, note by note.',
  closeNote: 'Note',
  closeNoteHint: 'Why the drawer is short or over, if it is.',
  approvalTitle: 'A manager must approve',
  pinRequired: 'Enter the manager’s 4 to 6 digit PIN',
  noManagers: 'No manager has set a PIN yet. A manager can close this shift themselves.',
  closeAndApprove: 'Approve and close',
  shiftClosed: (counter: string) => `Shift at ${counter} closed`,
  notClosed: 'Shift not closed',
  result: 'The count',
  done: 'Done',
  approversFailed: 'The managers could not be loaded.',

  // Day Close
  dayTitle: 'Day Close',
  daySubtitle: 'The day’s X report; close the day for its Z report.',
  day: 'Business day',
  dayLoading: 'Loading the day...',
  dayLoadFailed: 'The day could not be loaded.',
  dayOpen: 'Open',
  dayIsClosed: 'Closed',
  dayClosedAt: (at: string, by: string | null) => `Closed ${at}${by ? ` by ${by}` : ''}`,
  xReport: 'X report',
  xReportHint: 'The day so far. Reading it changes nothing.',
  zReport: 'Z report',
  zReportHint: 'The figures frozen when the day closed.',
  closeDay: 'Close day',
  closeDayTitle: (date: string) => `Close ${formatDisplayDate(date)}?`,
  closeDayMessage:
    'The Z report is made and mailed to the managers. Bills, payments, cash, voids and KOTs of this day cannot change until it is reopened.',
  openTablesAtClose: (n: number) => `${n === 1 ? '1 table is' : `${n} tables are`} still open:`,
  unsentItems: (items: string) => `Not sent to the kitchen: ${items}`,
  openTablesRule:
    'An open table keeps its order and is billed on the next business day: nothing more can be sent to the kitchen today.',
  openShiftsLeft: (n: number) =>
    `${n === 1 ? '1 shift is' : `${n} shifts are`} still open. Close ${n === 1 ? 'it' : 'them'} on the Cash Drawer first.`,
  goToDrawer: 'Go to the Cash Drawer',
  dayClosedToast: (date: string, mail: string) =>
    `${formatDisplayDate(date)} closed. ${
      mail === 'sent'
        ? 'Z report mailed to the managers.'
        : mail === 'none'
          ? 'No manager has an email to mail the Z report to.'
          : 'Z report queued for mailing.'
    }`,
  dayNotClosed: 'Day not closed',
  reopenDay: 'Reopen day',
  reopenTitle: (date: string) => `Reopen ${formatDisplayDate(date)}`,
  reopenHint: 'Bills, payments and cash of the day can change again; close it again after.',
  reopenReason: 'Reason',
  reopenReasonPlaceholder: 'A payment was missed',
  reopened: (date: string) => `${formatDisplayDate(date)} reopened`,
  dayNotReopened: 'Day not reopened',
  print: 'Print',
  printOnPrinter: 'Print on printer',
  choosePrinter: 'Printer',
  noNetworkPrinters: 'No network printer: add one in Settings → Printers.',
  printSent: (name: string) => `Report sent to ${name}`,
  notPrinted: 'Report not printed',
  send: 'Send',
  history: 'Closes and reopenings',
  noHistory: 'Not closed yet',
  historyClose: 'Closed',
  historyReopen: 'Reopened',
  popupBlocked: 'The print window was blocked. Allow pop-ups for this site.',

  // Settings
  settings: 'Drawer settings',
  settingsHint: 'A closing difference above the limit needs a manager’s approval.',
  limit: 'Difference limit (₹)',
  limitHint: 'Either way: short or over.',
  limitRequired: 'Enter the limit in rupees, like 100',
  settingsSaved: 'Difference limit saved',
  settingsNotSaved: 'Limit not saved',
  settingsLoadFailed: 'The drawer settings could not be loaded.',
  save: 'Save',
  counters: 'Counters',
  countersHint: 'Each counter is a cash drawer with its own shifts.',
  addCounter: 'Add counter',
  counterName: 'Counter name',
  counterPlaceholder: 'Bar',
  rename: 'Rename',
  renameLabel: (name: string) => `Rename ${name}`,
  renameTitle: (name: string) => `Rename ${name}`,
  counterAdded: (name: string) => `${name} added`,
  counterSaved: (name: string) => `Renamed to ${name}`,
  counterNotSaved: 'Counter not saved',

  // Print window
  printX: 'X REPORT (not a day close)',
  printZ: 'Z REPORT',
  printEnd: (kind: 'X' | 'Z') => `*** END OF ${kind} REPORT ***`,
  printedAt: 'Printed',
  generatedAt: 'As of',
  reportLoading: 'Loading the report...',
  printAgain: 'Print again',
  closeWindow: 'Close',
} as const;
