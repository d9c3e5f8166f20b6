/**
 * Printers and the print queue (docs/printing.md): a branch's receipt and kitchen printers, the
 * jobs the server sends to its network printers (written in the transaction of the bill or KOT
 * they print, by the triggers in printing.functions.sql), and what a receipt prints besides the
 * bill (the merchant UPI id for the QR, the footer).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProvisionalPrint } from '../../../shared/schemas/bill-print.schemas';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import { createdAt, id, instant, updatedAt } from '../../db/columns';
import { bills } from '../billing/billing.tables';
import { branchId, branches, childBranchId } from '../branches/branches.tables';
import { kotTickets } from '../kitchen/kitchen.tables';
import { users } from '../users/users.tables';

/** A receipt or kitchen printer of a branch. Archived, never deleted: jobs name it. */
export const printers = pgTable(
  'printers',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    /** 58 or 80 (mm): 32 or 48 characters a line (shared/printing.ts PAPER_COLUMNS). */
    paperWidth: smallint('paper_width').notNull(),
    /** 'network' (the server prints to host:port) or a device's: 'browser', 'usb', 'serial'. */
    connection: text('connection').notNull(),
    host: text('host'),
    port: integer('port'),
    printsBills: boolean('prints_bills').notNull().default(false),
    printsKots: boolean('prints_kots').notNull().default(false),
    /** The stations whose KOT parts it prints; empty: every station's. */
    kotStationIds: uuid('kot_station_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    copies: smallint('copies').notNull().default(1),
    /** Opens the cash drawer wired to it when a bill with a cash payment prints. */
    cashDrawer: boolean('cash_drawer').notNull().default(false),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'printers_pk', columns: [t.branchId, t.id] }),
    check('printers_paper_width_check', sql`${t.paperWidth} in (58, 80)`),
    check(
      'printers_connection_check',
      sql`${t.connection} in ('network', 'browser', 'usb', 'serial')`,
    ),
    check(
      'printers_network_address_check',
      sql`(${t.connection} = 'network') = (${t.host} is not null and ${t.port} is not null)`,
    ),
    check('printers_copies_check', sql`${t.copies} between 1 and 5`),
    check('printers_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/**
 * One thing to print on one network printer. Bills and KOT parts get theirs from triggers in the
 * transaction that writes them; reprints and test pages from their routes. The bytes are made
 * when sent, from the bill or KOT as stored (neither changes once written).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    branchId: childBranchId(),
    id: id(),
    printerId: uuid('printer_id').notNull(),
    /**
     * 'bill', 'kot' (one station's part), 'test', 'report' (a day's X or Z report) or
     * 'provisional' (a table's bill before payment).
     */
    kind: text('kind').notNull(),
    billId: uuid('bill_id'),
    kotTicketId: uuid('kot_ticket_id'),
    /** A day's X or Z report (kind 'report'), as it was when asked to print. */
    report: jsonb('report').$type<DayReport>(),
    /** A table's provisional bill (kind 'provisional'), as it was when asked, and its print number. */
    provisional: jsonb('provisional').$type<ProvisionalPrint>(),
    /** Printed DUPLICATE (bill) or REPRINT (KOT). */
    reprint: boolean('reprint').notNull().default(false),
    copies: smallint('copies').notNull().default(1),
    /** Kick the cash drawer after it (a first print of a bill paid in cash). */
    openDrawer: boolean('open_drawer').notNull().default(false),
    /** 'queued', 'sending', 'printed', 'failed' (shared/printing.ts). */
    state: text('state').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    error: text('error'),
    /** When it may be tried (again). */
    dueAt: instant('due_at').notNull().defaultNow(),
    /** While 'sending': until when the process that took it owns it (a crash lets it go). */
    leaseUntil: instant('lease_until'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    printedAt: instant('printed_at'),
  },
  (t) => [
    primaryKey({ name: 'print_jobs_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'print_jobs_printer_fk',
      columns: [t.branchId, t.printerId],
      foreignColumns: [printers.branchId, printers.id],
    }),
    foreignKey({
      name: 'print_jobs_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }),
    foreignKey({
      name: 'print_jobs_kot_ticket_fk',
      columns: [t.branchId, t.kotTicketId],
      foreignColumns: [kotTickets.branchId, kotTickets.id],
    }).onDelete('cascade'),
    check(
      'print_jobs_kind_check',
      sql`${t.kind} in ('bill', 'kot', 'test', 'report', 'provisional')`,
    ),
    check('print_jobs_state_check', sql`${t.state} in ('queued', 'sending', 'printed', 'failed')`),
    check(
      'print_jobs_subject_check',
      sql`(${t.kind} = 'bill') = (${t.billId} is not null) and (${t.kind} = 'kot') = (${t.kotTicketId} is not null) and (${t.kind} = 'report') = (${t.report} is not null) and (${t.kind} = 'provisional') = (${t.provisional} is not null)`,
    ),
    // The worker's scan: jobs still to send, by when they are due (every branch).
    index('print_jobs_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index('print_jobs_branch_created_idx').on(t.branchId, t.createdAt),
    index('print_jobs_bill_idx')
      .on(t.branchId, t.billId)
      .where(sql`${t.billId} is not null`),
    index('print_jobs_ticket_idx')
      .on(t.branchId, t.kotTicketId)
      .where(sql`${t.kotTicketId} is not null`),
  ],
);

/** What a branch's receipts print besides the bill. One row per branch, made on first save. */
export const receiptSettings = pgTable('receipt_settings', {
  branchId: uuid('branch_id')
    .primaryKey()
    .references(() => branches.id, { onDelete: 'cascade' }),
  /** The merchant UPI id (VPA): bills with an amount due print and show its QR. */
  upiVpa: text('upi_vpa'),
  /** Lines printed at the foot of every bill. */
  footer: text('footer'),
  updatedAt: updatedAt(),
});
