import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { mailTime } from '../../mail/mail-format';
import type { Mailer } from '../../mail/mailer';
import { formatInr } from '../../../shared/money';
import { pricingPlan } from '../../../shared/plans';
import type { DemoRequest, DemoRequestView } from '../../../shared/schemas/demo-requests.schemas';
import { tooManyDemoRequests } from './demo-requests.errors';
import {
  countDemoRequestsFromIpSince,
  demoRequestView,
  insertDemoRequest,
  listDemoRequests,
  lockAddressAndEmail,
  sameRequestSince,
} from './demo-requests.repository';

const HOUR_MS = 60 * 60 * 1000;
/** A request repeated within this time is the same lead: no second row, no second mail. */
const REPEAT_WINDOW_MS = 24 * HOUR_MS;

/** 'Super: ₹3,799.00 for 6 months', or the free demo. */
function planLine(plan: DemoRequest['plan']) {
  if (!plan) return 'Plan: none chosen (a free demo)';
  const { name, pricePaise, durationMonths } = pricingPlan(plan);
  return `Plan: ${name}, ${formatInr(pricePaise)} for ${durationMonths} months`;
}

/**
 * A lead from the landing page: stored, and mailed to the platform inbox through the outbox in
 * the same transaction, so a request is never mailed without being kept, nor kept without mail.
 * Limits are counted in the database (so several server processes agree) under a lock per
 * address and per email: the same person sending twice (a double tap, a retry) gets the same
 * answer and no second mail; an address past its hourly limit gets a plain 429.
 */
export async function submitDemoRequest({
  db,
  clock,
  mailer,
  inbox,
  timeZone,
  input,
  ip,
  userAgent,
  perHour,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  inbox: string;
  /** The platform's time zone, in which the mail writes when the request arrived. */
  timeZone: string;
  input: DemoRequest;
  ip: string;
  userAgent: string | null;
  perHour: number;
}): Promise<void> {
  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (input.website) return;
  const now = clock();
  const plan = input.plan ?? null;
  const stored = await db.transaction(async (tx) => {
    await lockAddressAndEmail(tx, ip, input.email);
    const since = new Date(now.getTime() - REPEAT_WINDOW_MS);
    if (await sameRequestSince(tx, { email: input.email, plan }, since)) return false;
    const recent = await countDemoRequestsFromIpSince(tx, ip, new Date(now.getTime() - HOUR_MS));
    if (recent >= perHour) throw tooManyDemoRequests();
    await insertDemoRequest(
      tx,
      {
        name: input.name,
        businessName: input.businessName,
        contactNumber: input.contactNumber,
        email: input.email,
        plan,
        ip,
        userAgent,
      },
      now,
    );
    await mailer.queue(tx, {
      to: inbox,
      subject: plan
        ? `Purchase request, ${pricingPlan(plan).name} plan: ${input.businessName}`
        : `Demo request: ${input.businessName}`,
      text: [
        plan
          ? `${input.name} wants to buy the ${pricingPlan(plan).name} plan (from the landing page).`
          : 'A new demo request arrived from the landing page.',
        '',
        `Name: ${input.name}`,
        `Business name: ${input.businessName}`,
        `Contact number: ${input.contactNumber}`,
        `Email: ${input.email}`,
        planLine(plan),
        `Received: ${mailTime(now, timeZone)}`,
      ].join('\n'),
    });
    return true;
  });
  if (stored) void mailer.deliver();
}

/** A page of stored requests as the super admin sees them (no address, no user agent). */
export async function listDemoRequestViews(
  db: Db,
  query: { search?: string; limit: number; offset: number },
): Promise<{ items: DemoRequestView[]; total: number }> {
  const { items, total } = await listDemoRequests(db, query);
  return { items: items.map(demoRequestView), total };
}
