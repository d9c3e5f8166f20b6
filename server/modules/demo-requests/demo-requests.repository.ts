import { and, count, desc, eq, gte, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/sql';
import type { PricingPlanId } from '../../../shared/plans';
import type { DemoRequestView } from '../../../shared/schemas/demo-requests.schemas';
import { demoRequests } from '../../db/schema';

export interface NewDemoRequest {
  name: string;
  businessName: string;
  contactNumber: string;
  email: string;
  plan: PricingPlanId | null;
  ip: string | null;
  userAgent: string | null;
}

export async function insertDemoRequest(db: DbOrTx, row: NewDemoRequest, createdAt: Date) {
  const [inserted] = await db
    .insert(demoRequests)
    .values({ ...row, createdAt })
    .returning({ id: demoRequests.id });
  return inserted!;
}

/**
 * Serialises, until the transaction ends, every request from this address and every request
 * with this email (always in that order, so two requests never wait for each other): the
 * limit's count and the check for repeats then see each other's rows.
 */
export async function lockAddressAndEmail(db: DbOrTx, ip: string, email: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`demo_requests.ip:${ip}`}))`);
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`demo_requests.email:${email.toLowerCase()}`}))`,
  );
}

/** True when the same email asked for the same plan (or a demo) since `since`. */
export async function sameRequestSince(
  db: DbOrTx,
  { email, plan }: { email: string; plan: PricingPlanId | null },
  since: Date,
) {
  const [row] = await db
    .select({ n: count() })
    .from(demoRequests)
    .where(
      and(
        eq(sql`lower(${demoRequests.email})`, email.toLowerCase()),
        plan ? eq(demoRequests.plan, plan) : isNull(demoRequests.plan),
        gte(demoRequests.createdAt, since),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function countDemoRequestsFromIpSince(db: DbOrTx, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(demoRequests)
    .where(and(eq(demoRequests.ip, ip), gte(demoRequests.createdAt, since)));
  return row?.n ?? 0;
}

/** Newest first, optionally matching name, business, phone or email. */
export async function listDemoRequests(
  db: DbOrTx,
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  const pattern = containsPattern(search);
  const where = pattern
    ? or(
        ilike(demoRequests.name, pattern),
        ilike(demoRequests.businessName, pattern),
        ilike(demoRequests.contactNumber, pattern),
        ilike(demoRequests.email, pattern),
      )
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(demoRequests)
      .where(where)
      .orderBy(desc(demoRequests.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(demoRequests).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** What leaves the server of a stored request: no IP, no user agent. */
export function demoRequestView(row: typeof demoRequests.$inferSelect): DemoRequestView {
  return {
    id: row.id,
    name: row.name,
    businessName: row.businessName,
    contactNumber: row.contactNumber,
    email: row.email,
    plan: row.plan,
    createdAt: row.createdAt.toISOString(),
  };
}
