/** The outbox of mail to send. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from '../db/columns';

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

export type MailStatus = (typeof mailStatus.enumValues)[number];

/** Mail to send; without SMTP it stays here (and in the log) so nothing is lost. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: id().primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // Set while one sender has claimed the mail; after it passes, another sender may retry.
    claimedUntil: instant('claimed_until'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    // The sender picks the oldest pending mail first.
    index('outbox_mails_status_created_at_idx').on(t.status, t.createdAt),
    check('outbox_mails_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

export type OutboxMail = typeof outboxMails.$inferSelect;
