import { and, count, desc, eq, gte, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/sql';
import type { DemoRequestView } from '../../../shared/schemas/demo-requests.schemas';
import { demoRequests } from '../../db/schema';

export interface NewDemoRequest {
  name: string;
  businessName: string;
  contactNumber: string;
  email: string;
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
    createdAt: row.createdAt.toISOString(),
  };
}
