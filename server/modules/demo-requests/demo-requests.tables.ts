/** Demo requests from the landing page. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { pricingPlan } from '../branches/branches.tables';

/** Demo requests from the landing page: stored first so no lead is lost if mail fails. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: id().primaryKey(),
    name: text('name').notNull(),
    businessName: text('business_name').notNull(),
    contactNumber: text('contact_number').notNull(),
    email: text('email').notNull(),
    // The pricing plan whose 'Buy Now' opened the form; null for a free demo.
    plan: pricingPlan('plan'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('demo_requests_created_at_idx').on(t.createdAt),
    // The per-address limit and the check for repeats look back over recent requests.
    index('demo_requests_ip_created_at_idx').on(t.ip, t.createdAt),
    index('demo_requests_email_created_at_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);

export type DemoRequest = typeof demoRequests.$inferSelect;
