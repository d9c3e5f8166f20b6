import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { DemoRequestBody } from '../../../shared/schemas/demo-requests.schemas';
import { countDemoRequestsFromIpSince, insertDemoRequest } from './demo-requests.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A lead from the landing page: stored, and mailed to the platform inbox through the outbox in
 * the same transaction, so a request is never mailed without being kept, nor kept without mail.
 * The limit per IP is counted in the database so that several server processes agree.
 */
export async function submitDemoRequest({
  db,
  clock,
  mailer,
  inbox,
  input,
  ip,
  userAgent,
  perHour,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  inbox: string;
  input: DemoRequestBody;
  ip: string;
  userAgent: string | null;
  perHour: number;
}): Promise<void> {
  // A filled honeypot is a bot: answer as if it worked, keep nothing.
  if (input.website) return;
  const now = clock();
  await db.transaction(async (tx) => {
    const recent = await countDemoRequestsFromIpSince(tx, ip, new Date(now.getTime() - HOUR_MS));
    if (recent >= perHour) {
      throw new AppError(
        429,
        'demo_requests.too_many',
        'Too many requests from this network. Please try again in an hour.',
      );
    }
    await insertDemoRequest(
      tx,
      {
        name: input.name,
        businessName: input.businessName,
        contactNumber: input.contactNumber,
        email: input.email,
        ip,
        userAgent,
      },
      now,
    );
    await mailer.queue(tx, {
      to: inbox,
      subject: `Demo request: ${input.businessName}`,
      text: [
        'A new demo request arrived from the landing page.',
        '',
        `Name: ${input.name}`,
        `Business name: ${input.businessName}`,
        `Contact number: ${input.contactNumber}`,
        `Email: ${input.email}`,
        `Received: ${now.toISOString()}`,
      ].join('\n'),
    });
  });
  void mailer.deliver();
}
