import nodemailer from 'nodemailer';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { outboxMails } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one mail for real (SMTP). Absent when SMTP_URL is not set. */
export type MailTransport = (mail: Mail & { from: string }) => Promise<void>;

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transporter.sendMail(mail);
  };
}

const MAX_ATTEMPTS = 5;

/**
 * Mail goes through the outbox table: it is written in the same transaction as the change that
 * causes it (a demo request, a new branch), so no mail is promised for a change that rolled back
 * and none is lost when the SMTP server is down; `deliver` sends what is pending.
 */
export class Mailer {
  private delivering: Promise<void> | null = null;

  constructor(
    private readonly options: {
      db: Db;
      from: string;
      transport?: MailTransport;
      log: FastifyBaseLogger;
    },
  ) {}

  async queue(tx: DbOrTx, mail: Mail): Promise<void> {
    await tx.insert(outboxMails).values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
    });
    // Without SMTP the log is the only way a person sees the mail (e.g. a reset link on a demo).
    const text = this.options.transport ? undefined : mail.text;
    this.options.log.info({ to: mail.to, subject: mail.subject, text }, 'mail queued');
  }

  /** Sends pending mails now; concurrent calls share one run. Never rejects: failures are logged. */
  deliver(): Promise<void> {
    this.delivering ??= this.deliverPending()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'mail delivery failed'))
      .finally(() => {
        this.delivering = null;
      });
    return this.delivering;
  }

  /** Waits for a delivery in flight (the server waits for it before closing the database). */
  async idle(): Promise<void> {
    await this.delivering;
  }

  private async deliverPending(): Promise<void> {
    const { db, transport, from, log } = this.options;
    if (!transport) return;
    const pending = await db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.status, 'pending'), lt(outboxMails.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outboxMails.createdAt))
      .limit(50);
    for (const mail of pending) {
      try {
        await transport({
          from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        });
        await db
          .update(outboxMails)
          .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
          .where(eq(outboxMails.id, mail.id));
      } catch (error) {
        const attempts = mail.attempts + 1;
        log.warn({ err: error, to: mail.toAddress, attempts }, 'mail not sent');
        await db
          .update(outboxMails)
          .set({
            attempts,
            lastError: String(error).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where(eq(outboxMails.id, mail.id));
      }
    }
  }
}
