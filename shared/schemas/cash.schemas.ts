import { z } from 'zod';
import {
  CASH_ENTRY_KINDS,
  countTotalPaise,
  MAX_CASH_PAISE,
  MAX_NOTES,
  NOTE_DENOMINATIONS,
  type CashCount,
} from '../cash';
import { PAYMENT_METHODS } from '../constants';
import { formatInr } from '../money';
import { requiredText, safeString, uuidSchema } from './common.schemas';
import { isoDateSchema } from './dates.schemas';

/**
 * Cash drawer shifts, cash entries, the X and Z reports and day close (docs/cash.md). Money is
 * integer paise; a count is notes by denomination plus the coins' value.
 */

export const MAX_COUNTER_NAME = 40;
export const MAX_CASH_NOTE = 300;
export const MAX_REOPEN_REASON = 300;

export const CASH_TEXT = {
  notes: (d: number) => `₹${d} notes must be a whole number from 0 to ${MAX_NOTES}`,
  coins: `Coins must be a whole number of paise from 0 to ${MAX_CASH_PAISE}`,
  amount: `Amount must be a whole number of paise from 1 to ${MAX_CASH_PAISE}`,
  limit: `Limit must be a whole number of paise from 0 to ${MAX_CASH_PAISE}`,
  kind: 'Kind must be in or out',
  pin: 'Enter the manager’s PIN',
  countTotal: `A count must add up to at most ${formatInr(MAX_CASH_PAISE)}`,
} as const;

const notesSchema = z.object(
  Object.fromEntries(
    NOTE_DENOMINATIONS.map((d) => [
      String(d),
      z
        .number({ error: CASH_TEXT.notes(d) })
        .int({ error: CASH_TEXT.notes(d) })
        .min(0, { error: CASH_TEXT.notes(d) })
        .max(MAX_NOTES, { error: CASH_TEXT.notes(d) }),
    ]),
  ) as Record<`${(typeof NOTE_DENOMINATIONS)[number]}`, z.ZodNumber>,
  { error: 'Notes are required' },
);

/** A count by denomination, as typed on the drawer screen; at most MAX_CASH_PAISE in all. */
export const cashCountSchema: z.ZodType<CashCount> = z
  .object(
    {
      notes: notesSchema,
      coinsPaise: z
        .number({ error: CASH_TEXT.coins })
        .int({ error: CASH_TEXT.coins })
        .min(0, { error: CASH_TEXT.coins })
        .max(MAX_CASH_PAISE, { error: CASH_TEXT.coins }),
    },
    { error: 'Count is required' },
  )
  .refine((count) => countTotalPaise(count) <= MAX_CASH_PAISE, { error: CASH_TEXT.countTotal });

const idempotencyKey = z
  .string({ error: 'Idempotency key is required' })
  .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'Idempotency key must be 8–64 letters, digits or -' });

const optionalNote = safeString('Note', { multiline: true })
  .trim()
  .max(MAX_CASH_NOTE, { error: `Note must be at most ${MAX_CASH_NOTE} characters` })
  .optional();

// --- counters (drawers) -------------------------------------------------------------------

export const counterSchema = z.object({ id: z.string(), name: z.string() });
export type Counter = z.infer<typeof counterSchema>;
export const countersSchema = z.object({ items: z.array(counterSchema) });
export type Counters = z.infer<typeof countersSchema>;
export const counterBodySchema = z.object({ name: requiredText('Name', MAX_COUNTER_NAME) });
export type CounterBody = z.infer<typeof counterBodySchema>;

// --- settings ---------------------------------------------------------------------------------

export const cashSettingsSchema = z.object({
  /** A closing difference larger than this (either way) needs a manager's approval. */
  differenceLimitPaise: z
    .number({ error: CASH_TEXT.limit })
    .int({ error: CASH_TEXT.limit })
    .min(0, { error: CASH_TEXT.limit })
    .max(MAX_CASH_PAISE, { error: CASH_TEXT.limit }),
});
export type CashSettings = z.infer<typeof cashSettingsSchema>;

// --- shifts -----------------------------------------------------------------------------------

export const openShiftBodySchema = z.object({
  counterId: uuidSchema,
  openingCount: cashCountSchema,
  idempotencyKey,
});
export type OpenShiftBody = z.infer<typeof openShiftBodySchema>;

export const cashEntryBodySchema = z.object({
  kind: z.enum(CASH_ENTRY_KINDS, { error: CASH_TEXT.kind }),
  amountPaise: z
    .number({ error: CASH_TEXT.amount })
    .int({ error: CASH_TEXT.amount })
    .min(1, { error: CASH_TEXT.amount })
    .max(MAX_CASH_PAISE, { error: CASH_TEXT.amount }),
  reason: requiredText('Reason', 60),
  note: optionalNote,
  idempotencyKey,
});
export type CashEntryBody = z.infer<typeof cashEntryBodySchema>;

/** A manager's approval of a difference above the limit: who, and their PIN (docs/kitchen.md). */
export const approvalSchema = z.object({
  managerId: uuidSchema,
  pin: safeString('PIN').min(1, { error: CASH_TEXT.pin }).max(12, { error: CASH_TEXT.pin }),
});

export const closeShiftBodySchema = z.object({
  closingCount: cashCountSchema,
  note: optionalNote,
  approval: approvalSchema.optional(),
});
export type CloseShiftBody = z.infer<typeof closeShiftBodySchema>;

export const shiftIdParam = z.object({ shiftId: uuidSchema });

export const cashEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(CASH_ENTRY_KINDS),
  amountPaise: z.number().int(),
  reason: z.string(),
  note: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type CashEntry = z.infer<typeof cashEntrySchema>;

/**
 * A shift and its drawer's figures. `expectedPaise` (and the figures it is made of) is null for
 * staff while the shift is open: they count blind.
 */
export const shiftSchema = z.object({
  id: z.string(),
  counterId: z.string(),
  counterName: z.string(),
  businessDate: z.string(),
  status: z.enum(['open', 'closed']),
  openedAt: z.string(),
  openedBy: z.string().nullable(),
  openingCount: cashCountSchema,
  floatPaise: z.number().int(),
  cashReceivedPaise: z.number().int().nullable(),
  cashRefundedPaise: z.number().int().nullable(),
  cashInPaise: z.number().int(),
  cashOutPaise: z.number().int(),
  expectedPaise: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  closingCount: cashCountSchema.nullable(),
  countedPaise: z.number().int().nullable(),
  /** Counted − expected: negative is short, positive is over. */
  differencePaise: z.number().int().nullable(),
  note: z.string(),
  approvedBy: z.string().nullable(),
  entries: z.array(cashEntrySchema),
});
export type Shift = z.infer<typeof shiftSchema>;

export const shiftsQuerySchema = z.object({ date: isoDateSchema('Date').optional() });
export const shiftsSchema = z.object({
  businessDate: z.string(),
  /** Whether that business day is closed (nothing of it can change). */
  dayClosed: z.boolean(),
  items: z.array(shiftSchema),
});
export type Shifts = z.infer<typeof shiftsSchema>;

// --- the day's report (X any time, Z at close) and day close ---------------------------------

/** GET /api/days?date= and the day's actions: the business day they are about. */
export const dayQuerySchema = z.object({ date: isoDateSchema('Date') });
export const dayBodySchema = z.object({ date: isoDateSchema('Date') });

const moneyByMethod = z.object({
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  amountPaise: z.number().int(),
});

export const dayReportSchema = z.object({
  /** X: read while the day is open (changes nothing); Z: the figures frozen at day close. */
  kind: z.enum(['X', 'Z']),
  businessDate: z.string(),
  branchName: z.string(),
  generatedAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** The day's bills that stand (not cancelled). */
  sales: z.object({
    grossPaise: z.number().int(),
    discountPaise: z.number().int(),
    /** Gross − discounts. */
    netPaise: z.number().int(),
    serviceChargePaise: z.number().int(),
    taxPaise: z.number().int(),
    roundOffPaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
  /** GST per rate (rateBps −1: outside GST; −2: none charged). */
  taxes: z.array(
    z.object({
      rateBps: z.number().int(),
      taxablePaise: z.number().int(),
      cgstPaise: z.number().int(),
      sgstPaise: z.number().int(),
    }),
  ),
  /** Money received on the day (payments and settlements of dues), by method. */
  payments: z.array(moneyByMethod),
  /** Money given back on the day for cancelled bills, by method. */
  refunds: z.array(moneyByMethod),
  dues: z.object({
    createdCount: z.number().int(),
    createdPaise: z.number().int(),
    settledCount: z.number().int(),
    settledPaise: z.number().int(),
  }),
  cancelled: z.object({ count: z.number().int(), totalPaise: z.number().int() }),
  voids: z.object({
    count: z.number().int(),
    quantity: z.number().int(),
    amountPaise: z.number().int(),
  }),
  bills: z.object({
    count: z.number().int(),
    firstNumber: z.string().nullable(),
    lastNumber: z.string().nullable(),
  }),
  kots: z.number().int(),
  covers: z.number().int(),
  topItems: z.array(
    z.object({ name: z.string(), quantity: z.number().int(), revenuePaise: z.number().int() }),
  ),
  shifts: z.array(shiftSchema),
  /** Cash taken on the day while no shift of its counter was open. */
  cashOutsideShiftsPaise: z.number().int(),
});
export type DayReport = z.infer<typeof dayReportSchema>;

/** A table with an order when the day is read: it stays open over a close (docs/cash.md). */
export const openTableAtCloseSchema = z.object({
  tableId: z.string(),
  label: z.string(),
  /** Its grand total as it would be billed now (computeBill: GST, default service charge). */
  totalPaise: z.number().int(),
  /** What is on the order and not yet sent to the kitchen. */
  unsentItems: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
});
export type OpenTableAtClose = z.infer<typeof openTableAtCloseSchema>;

export const dayStatusSchema = z.object({
  businessDate: z.string(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** Shifts of the day still open: the day cannot close until they are. */
  openShifts: z.number().int(),
  /** Tables with an order now (empty once the day is closed): listed by the close dialog. */
  openTables: z.array(openTableAtCloseSchema),
  /** The closes and reopenings of the day, newest first. */
  history: z.array(
    z.object({
      action: z.enum(['close', 'reopen']),
      at: z.string(),
      by: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  report: dayReportSchema,
});
export type DayStatus = z.infer<typeof dayStatusSchema>;

export const reopenDayBodySchema = dayBodySchema.extend({
  reason: requiredText('Reason', MAX_REOPEN_REASON, { multiline: true }),
});
export type ReopenDayBody = z.infer<typeof reopenDayBodySchema>;

export const closeDayAnswerSchema = z.object({
  report: dayReportSchema,
  /** What became of the Z report's mail to the branch's managers. */
  mail: z.enum(['sent', 'queued', 'retrying', 'none']),
});
export type CloseDayAnswer = z.infer<typeof closeDayAnswerSchema>;

export const printDayReportBodySchema = dayBodySchema.extend({ printerId: uuidSchema });
