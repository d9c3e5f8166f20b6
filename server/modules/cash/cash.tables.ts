/**
 * The cash drawer and day close (docs/cash.md): a branch's counters (one drawer each), the
 * shifts of a drawer with their opening and closing counts, the cash put in and taken out
 * during a shift, the difference limit, and the business days a manager closed (with the Z
 * report frozen at that moment). Cash payments and refunds name their shift (bill_payments,
 * bill_refunds: set by the trigger in cash.functions.sql).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CashCount } from '../../../shared/cash';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import { createdAt, day, id, instant } from '../../db/columns';
import { branchId, branches } from '../branches/branches.tables';
import { users } from '../users/users.tables';

/** A counter with a cash drawer. Archived, never deleted: shifts name it. */
export const cashCounters = pgTable(
  'cash_counters',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'cash_counters_pk', columns: [t.branchId, t.id] }),
    uniqueIndex('cash_counters_name_unique')
      .on(t.branchId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/**
 * A shift of one counter's drawer: opened with a counted float, closed with a count. Its
 * business date is the day it opened on (its cash belongs to that day's Z report). The figures
 * are frozen when it closes (`expectedPaise` and what made it); while open they are added up
 * from the payments, refunds and entries that name it.
 */
export const cashShifts = pgTable(
  'cash_shifts',
  {
    branchId: branchId(),
    id: id(),
    counterId: uuid('counter_id').notNull(),
    businessDate: day('business_date').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    openedAt: instant('opened_at').notNull(),
    openedBy: uuid('opened_by').references(() => users.id),
    openingCount: jsonb('opening_count').$type<CashCount>().notNull(),
    floatPaise: integer('float_paise').notNull(),
    closedAt: instant('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id),
    closingCount: jsonb('closing_count').$type<CashCount>(),
    countedPaise: integer('counted_paise'),
    // The shift's sums are bigint: a day's cash received has no cap of its own (each payment
    // has), so an integer column could overflow where the sums cannot (docs/cash.md, "Caps").
    cashReceivedPaise: bigint('cash_received_paise', { mode: 'number' }),
    cashRefundedPaise: bigint('cash_refunded_paise', { mode: 'number' }),
    cashInPaise: bigint('cash_in_paise', { mode: 'number' }),
    cashOutPaise: bigint('cash_out_paise', { mode: 'number' }),
    expectedPaise: bigint('expected_paise', { mode: 'number' }),
    /** Counted − expected. */
    differencePaise: bigint('difference_paise', { mode: 'number' }),
    note: text('note').notNull().default(''),
    /** The manager who approved a difference above the limit. */
    approvedBy: uuid('approved_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'cash_shifts_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'cash_shifts_counter_fk',
      columns: [t.branchId, t.counterId],
      foreignColumns: [cashCounters.branchId, cashCounters.id],
    }),
    // One drawer open at a time per counter, whatever races.
    uniqueIndex('cash_shifts_one_open_idx')
      .on(t.branchId, t.counterId)
      .where(sql`${t.closedAt} is null`),
    uniqueIndex('cash_shifts_idempotency_key_unique').on(t.branchId, t.idempotencyKey),
    index('cash_shifts_day_idx').on(t.branchId, t.businessDate),
    check('cash_shifts_float_check', sql`${t.floatPaise} >= 0`),
    check(
      'cash_shifts_closed_check',
      sql`(${t.closedAt} is null) = (${t.countedPaise} is null)
        and (${t.closedAt} is null) = (${t.expectedPaise} is null)
        and (${t.closedAt} is null) = (${t.differencePaise} is null)`,
    ),
  ],
);

/** Cash put into or taken out of a drawer during a shift, with its reason. */
export const cashEntries = pgTable(
  'cash_entries',
  {
    branchId: branchId(),
    id: id(),
    shiftId: uuid('shift_id').notNull(),
    /** 'in' or 'out'. */
    kind: text('kind').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'cash_entries_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'cash_entries_shift_fk',
      columns: [t.branchId, t.shiftId],
      foreignColumns: [cashShifts.branchId, cashShifts.id],
    }),
    uniqueIndex('cash_entries_idempotency_key_unique').on(t.branchId, t.idempotencyKey),
    index('cash_entries_shift_idx').on(t.branchId, t.shiftId),
    check('cash_entries_kind_check', sql`${t.kind} in ('in', 'out')`),
    check('cash_entries_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** A branch's drawer settings; a branch without a row has the defaults (shared/cash.ts). */
export const cashSettings = pgTable('cash_settings', {
  branchId: uuid('branch_id')
    .primaryKey()
    .references(() => branches.id),
  differenceLimitPaise: integer('difference_limit_paise').notNull(),
});

/**
 * A business day a manager closed: nothing of it changes while it is closed (the triggers of
 * cash.functions.sql refuse its bills, payments, refunds and cash). Reopening keeps the row
 * (`reopenedAt` set); closing again sets it back. The audit trail keeps each close and reopen.
 */
export const dayCloses = pgTable(
  'day_closes',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    closedAt: instant('closed_at').notNull(),
    closedBy: uuid('closed_by').references(() => users.id),
    /** The Z report as it was at the close. */
    report: jsonb('report').$type<DayReport>().notNull(),
    reopenedAt: instant('reopened_at'),
    reopenedBy: uuid('reopened_by').references(() => users.id),
    reopenReason: text('reopen_reason'),
  },
  (t) => [
    primaryKey({ name: 'day_closes_pk', columns: [t.branchId, t.businessDate] }),
    check('day_closes_reopen_check', sql`(${t.reopenedAt} is null) = (${t.reopenReason} is null)`),
  ],
);
