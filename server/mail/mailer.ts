import nodemailer from 'nodemailer';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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

/**
 * What became of one mail right after it was queued: `sent` (the SMTP server took it), `queued`
 * (no SMTP_URL: it waits in the outbox until mail is set up) or `retrying` (SMTP is set up but
 * did not take it yet: down, refusing or slow; it is tried again every minute).
 */
export const MAIL_OUTCOMES = ['sent', 'queued', 'retrying'] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

const MAX_ATTEMPTS = 5;
/** How long a claimed mail belongs to its sender; a sender that died is relieved after it. */
const CLAIM_MS = 5 * 60 * 1000;
const BATCH = 50;

/**
 * Mail goes through the outbox table: it is written in the same transaction as the change that
 * causes it (a demo request, a new branch), so no mail is promised for a change that rolled back
 * and none is lost when the SMTP server is down; `deliver` sends what is pending. Several server
 * processes may deliver at once: each first claims its mails in one short transaction
 * (`for update skip locked`, then a claim that lasts CLAIM_MS and counts the attempt), so a mail
 * is sent by one of them only.
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

  /** Writes the mail to the outbox (in the caller's transaction); answers its outbox id. */
  async queue(tx: DbOrTx, mail: Mail): Promise<string> {
    const [row] = await tx
      .insert(outboxMails)
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
      })
      .returning({ id: outboxMails.id });
    // Never the text: it may hold a reset link, and the log must never hold a token. Without
    // SMTP (a demo) the mail is read in outbox_mails, found by this id.
    this.options.log.info(
      { to: mail.to, subject: mail.subject, outboxId: row!.id },
      this.options.transport ? 'mail queued' : 'mail queued, not sent (no SMTP_URL)',
    );
    return row!.id;
  }

  /**
   * Sends pending mails now and says what became of the mail `id` (committed by the caller),
   * waiting at most `waitMs`: a screen can then say whether the mail left or waits. A run
   * already under way claimed its mails before this one was committed, so a mail still
   * untried after a run gets one more.
   */
  async deliverNow(id: string, waitMs = 5000): Promise<MailOutcome> {
    if (!this.options.transport) return 'queued';
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<MailOutcome>((resolve) => {
      timer = setTimeout(() => resolve('retrying'), waitMs);
    });
    const outcome = async (): Promise<MailOutcome> => {
      for (let run = 0; run < 2; run++) {
        await this.deliver();
        const [row] = await this.options.db
          .select({ status: outboxMails.status, attempts: outboxMails.attempts })
          .from(outboxMails)
          .where(eq(outboxMails.id, id));
        if (row?.status === 'sent') return 'sent';
        if (!row || row.attempts > 0) return 'retrying';
      }
      return 'retrying';
    };
    try {
      return await Promise.race([outcome(), late]);
    } finally {
      clearTimeout(timer);
    }
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

  /**
   * Takes up to BATCH pending mails nobody holds: rows another sender is claiming right now are
   * skipped (not waited for), and the claim with its counted attempt is committed before any
   * mail leaves, so a second sender never sees them as free.
   */
  private claim(now: Date) {
    return this.options.db.transaction(async (tx) => {
      const free = await tx
        .select({ id: outboxMails.id })
        .from(outboxMails)
        .where(
          and(
            eq(outboxMails.status, 'pending'),
            lt(outboxMails.attempts, MAX_ATTEMPTS),
            or(isNull(outboxMails.claimedUntil), lt(outboxMails.claimedUntil, now)),
          ),
        )
        .orderBy(asc(outboxMails.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (free.length === 0) return [];
      return tx
        .update(outboxMails)
        .set({
          attempts: sql`${outboxMails.attempts} + 1`,
          claimedUntil: new Date(now.getTime() + CLAIM_MS),
        })
        .where(
          inArray(
            outboxMails.id,
            free.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async deliverPending(): Promise<void> {
    const { db, transport, from, log } = this.options;
    if (!transport) return;
    const claimed = await this.claim(new Date());
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const mail of claimed) {
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
          .set({ status: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null })
          .where(eq(outboxMails.id, mail.id));
      } catch (error) {
        const { attempts } = mail;
        log.warn({ err: error, to: mail.toAddress, attempts }, 'mail not sent');
        await db
          .update(outboxMails)
          .set({
            claimedUntil: null,
            lastError: String(error).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where(eq(outboxMails.id, mail.id));
      }
    }
  }
}
