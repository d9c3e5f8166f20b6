import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { demoRequests, outboxMails } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpSink } from '../../test/smtp-sink';
import { DEMO_REQUEST_MESSAGES } from './demo-requests.errors';

const valid = {
  name: 'Priya Sharma',
  businessName: 'Chai Point Koramangala',
  contactNumber: '+91 98450 12345',
  email: 'priya@chaipoint.example',
};

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PLATFORM_INBOX: 'leads@tableflow.in' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  t.clock.set('2026-11-22T06:30:00Z');
  await t.database.db.delete(demoRequests);
  await t.database.db.delete(outboxMails);
  smtp.received.length = 0;
});

const post = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/demo-requests',
    payload: payload as object,
    remoteAddress: ip,
  });

async function storedCount() {
  const [row] = await t.database.db.select({ n: count() }).from(demoRequests);
  return row!.n;
}

describe('POST /api/demo-requests', () => {
  it('stores a valid request and mails it to the platform inbox over SMTP', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });

    const rows = await t.database.db.select().from(demoRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, ip: '10.0.0.1' });

    const [mail] = await smtp.waitForMail(1);
    expect(mail!.to).toEqual(['leads@tableflow.in']);
    expect(mail!.raw).toContain('Chai Point Koramangala');
    expect(mail!.raw).toContain('priya@chaipoint.example');
    await expect
      .poll(async () => (await t.database.db.select().from(outboxMails))[0]?.status)
      .toBe('sent');
  });

  it.each(['name', 'businessName', 'contactNumber', 'email'] as const)(
    'refuses a request without %s, names the field and stores nothing',
    async (field) => {
      const { [field]: _omitted, ...rest } = valid;
      const response = await post(rest);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.fields)).toContain(field);
      expect(await storedCount()).toBe(0);
    },
  );

  it('refuses blank fields as missing ones', async () => {
    const response = await post({ ...valid, name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.name).toBeTruthy();
    expect(await storedCount()).toBe(0);
  });

  it('refuses a malformed email with a message naming the email field', async () => {
    const response = await post({ ...valid, email: 'priya-at-chaipoint' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toMatch(/email/i);
    expect(await storedCount()).toBe(0);
  });

  it('refuses a contact number with letters in it', async () => {
    const response = await post({ ...valid, contactNumber: 'call me maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.contactNumber).toBeTruthy();
  });

  it('refuses an oversize body with 413 and stores nothing', async () => {
    const response = await post({ ...valid, businessName: 'x'.repeat(20_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a body that is not JSON with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/demo-requests',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/JSON/);
  });

  it('answers a bot that filled the honeypot as if it worked, and keeps nothing', async () => {
    const response = await post({ ...valid, website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await storedCount()).toBe(0);
    const mails = await t.database.db.select().from(outboxMails);
    expect(mails).toHaveLength(0);
  });

  it('limits requests per address per hour, saying so plainly, and accepts again an hour later', async () => {
    const perHour = t.config.DEMO_REQUESTS_PER_HOUR;
    expect(perHour).toBeGreaterThanOrEqual(30);
    const lead = (i: number) => ({ ...valid, email: `lead${i}@carrier.example` });
    for (let i = 0; i < perHour; i++) {
      expect((await post(lead(i), '10.9.9.9')).statusCode).toBe(201);
    }
    const limited = await post(lead(perHour), '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'demo_requests.too_many',
      message: DEMO_REQUEST_MESSAGES.tooMany,
    });
    expect((await post(lead(perHour), '10.9.9.10')).statusCode).toBe(201);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await post(lead(perHour + 1), '10.9.9.9')).statusCode).toBe(201);
  });

  it('answers a repeat of the same email within 24 hours as a success, storing and mailing nothing new', async () => {
    expect((await post(valid)).statusCode).toBe(201);
    const again = await post({ ...valid, email: valid.email.toUpperCase() }, '10.0.0.2');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ received: true });
    expect(await storedCount()).toBe(1);
    expect(await t.database.db.select().from(outboxMails)).toHaveLength(1);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await post(valid)).statusCode).toBe(201);
    expect(await storedCount()).toBe(2);
  });

  it('keeps a request to buy a plan from someone who asked for a demo before', async () => {
    expect((await post(valid)).statusCode).toBe(201);
    expect((await post({ ...valid, plan: 'super' })).statusCode).toBe(201);
    const plans = (await t.database.db.select().from(demoRequests)).map((row) => row.plan);
    expect(plans.sort()).toEqual(['super', null].sort());
  });

  it("stores the plan of 'Buy Now' and names it in the mail", async () => {
    expect((await post({ ...valid, plan: 'premium' })).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(demoRequests);
    expect(row!.plan).toBe('premium');
    const [mail] = await t.database.db.select().from(outboxMails);
    expect(mail!.subject).toBe('Purchase request, Premium plan: Chai Point Koramangala');
    expect(mail!.textBody).toContain('Plan: Premium, ₹6,999.00 for 12 months');
  });

  it('refuses a plan that is not on the price list, naming the field', async () => {
    const response = await post({ ...valid, plan: 'gold' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.plan).toBeTruthy();
    expect(await storedCount()).toBe(0);
  });

  it("writes when the request arrived in the platform's time zone, readably", async () => {
    t.clock.set('2026-11-22T14:45:40.429Z');
    expect((await post(valid)).statusCode).toBe(201);
    const [mail] = await t.database.db.select().from(outboxMails);
    expect(mail!.textBody).toContain('Received: 22 Nov 2026, 8:15 pm IST');
    expect(mail!.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(mail!.textBody).toContain('Plan: none chosen (a free demo)');
  });
});

describe('POST /api/demo-requests, many at once', () => {
  it('lets exactly the hourly limit through when requests from one address arrive together', async () => {
    const perHour = t.config.DEMO_REQUESTS_PER_HOUR;
    const answers = await Promise.all(
      Array.from({ length: perHour + 8 }, (_, i) =>
        post({ ...valid, email: `crowd${i}@carrier.example` }, '10.7.7.7'),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(perHour);
    expect(codes.filter((code) => code === 429)).toHaveLength(8);
    expect(await storedCount()).toBe(perHour);
  });

  it('stores and mails one request when the same person sends it several times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(valid, `10.8.8.${i}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    expect(await storedCount()).toBe(1);
    expect(await t.database.db.select().from(outboxMails)).toHaveLength(1);
  });
});
