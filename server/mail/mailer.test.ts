import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxMails } from '../db/schema';
import { createBranchFixture } from '../test/fixtures';
import { captureLog } from '../test/log-capture';
import { createTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { Mailer, type Mail } from './mailer';

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(outboxMails);
});

/** A mailer whose SMTP takes a few milliseconds per mail and remembers what it sent. */
function slowMailer(sent: string[], fail = false) {
  return new Mailer({
    db: database.db,
    from: 'TableFlow <no-reply@tableflow.in>',
    log: quiet,
    transport: async (mail: Mail) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('SMTP is down');
      sent.push(mail.subject);
    },
  });
}

async function queueMails(count: number) {
  const queuer = new Mailer({ db: database.db, from: 'x', log: quiet });
  for (let i = 0; i < count; i++) {
    await queuer.queue(database.db, {
      to: `owner${i}@example.com`,
      subject: `Mail ${i}`,
      text: 'Hello.',
    });
  }
}

describe('the outbox sender', () => {
  it('sends each mail once when two server processes deliver at the same moment', async () => {
    await queueMails(30);
    const sent: string[] = [];
    const [first, second] = [slowMailer(sent), slowMailer(sent)];
    await Promise.all([first.deliver(), second.deliver(), first.deliver(), second.deliver()]);
    // Whatever one run left for the other, a second round finds nothing more to send.
    await Promise.all([first.deliver(), second.deliver()]);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
    const rows = await database.db.select().from(outboxMails);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.claimedUntil === null)).toBe(true);
  });

  it('leaves a mail another sender holds alone, and retries it once that claim has run out', async () => {
    await queueMails(2);
    const [held] = await database.db.select().from(outboxMails).limit(1);
    await database.db
      .update(outboxMails)
      .set({ claimedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(outboxMails.id, held!.id));
    const sent: string[] = [];
    await slowMailer(sent).deliver();
    expect(sent).toEqual(['Mail 0', 'Mail 1'].filter((subject) => subject !== held!.subject));

    // The sender that held it died: after the claim time it is free again.
    await database.db
      .update(outboxMails)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(outboxMails.id, held!.id));
    await slowMailer(sent).deliver();
    expect(sent).toContain(held!.subject);
    const [row] = await database.db.select().from(outboxMails).where(eq(outboxMails.id, held!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('counts a failed attempt, keeps the mail for a later try and gives up after five', async () => {
    await queueMails(1);
    const sent: string[] = [];
    const failing = slowMailer(sent, true);
    for (let i = 1; i <= 5; i++) {
      await failing.deliver();
      const [row] = await database.db.select().from(outboxMails);
      expect(row).toMatchObject({
        attempts: i,
        status: i < 5 ? 'pending' : 'failed',
        claimedUntil: null,
        lastError: 'Error: SMTP is down',
      });
    }
    await slowMailer(sent).deliver();
    expect(sent).toEqual([]);
  });
});

describe('sending one mail now', () => {
  const queueOne = (mailer: Mailer) =>
    mailer.queue(database.db, { to: 'owner@example.com', subject: 'Welcome', text: 'Hello.' });

  it('says queued without SMTP, sent when SMTP took it, retrying when it refused', async () => {
    const noSmtp = new Mailer({ db: database.db, from: 'x', log: quiet });
    expect(await noSmtp.deliverNow(await queueOne(noSmtp))).toBe('queued');
    await database.db.delete(outboxMails);

    const sent: string[] = [];
    const working = slowMailer(sent);
    expect(await working.deliverNow(await queueOne(working))).toBe('sent');
    expect(sent).toEqual(['Welcome']);

    const failing = slowMailer(sent, true);
    expect(await failing.deliverNow(await queueOne(failing))).toBe('retrying');
  });

  it('sends a mail queued while another run was under way, in a run of its own', async () => {
    await queueMails(3);
    const sent: string[] = [];
    const mailer = slowMailer(sent);
    const running = mailer.deliver();
    const id = await queueOne(mailer);
    expect(await mailer.deliverNow(id)).toBe('sent');
    await running;
    expect(sent).toContain('Welcome');
  });

  it('says retrying when SMTP is slower than the wait, and the mail still leaves', async () => {
    const sent: string[] = [];
    const slow = new Mailer({
      db: database.db,
      from: 'x',
      log: quiet,
      transport: async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        sent.push(mail.subject);
      },
    });
    expect(await slow.deliverNow(await queueOne(slow), 50)).toBe('retrying');
    await slow.idle();
    expect(sent).toEqual(['Welcome']);
  });
});

describe('the log without SMTP', () => {
  it('names a reset mail by recipient, subject and outbox id, and never holds its token', async () => {
    const { lines, logger } = captureLog();
    const {
      app,
      database: logged,
      close,
    } = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      logger,
    });
    try {
      const { manager } = await createBranchFixture(logged.db);
      const asked = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: manager.email },
      });
      expect(asked.statusCode).toBe(200);
      await app.deps.tasks.idle();
      const [mail] = await logged.db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.toAddress, manager.email));
      const token = /reset-password\?token=([\w-]+)/.exec(mail!.textBody)?.[1];
      expect(token).toBeTruthy();

      const queued = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.outboxId === mail!.id);
      expect(queued).toEqual([
        expect.objectContaining({
          to: manager.email,
          subject: mail!.subject,
          msg: 'mail queued, not sent (no SMTP_URL)',
        }),
      ]);
      expect(lines.filter((line) => line.includes(token!))).toEqual([]);
    } finally {
      await close();
    }
  });
});
