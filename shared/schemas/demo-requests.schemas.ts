import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PRICING_PLAN_IDS } from '../plans';
import { requiredText, safeString } from './common.schemas';

const { required, invalidEmail, invalidContactNumber } = MESSAGES.validation;

export const DEMO_REQUEST_LIMITS = {
  name: 100,
  businessName: 150,
  contactNumberMin: 7,
  contactNumberMax: 20,
  email: 254,
} as const;

/**
 * 7 to 20 characters of digits, spaces, +, - and parentheses, with at least 7 digits:
 * '+91 98765 43210', '(080) 2345-6789', '2345678'.
 */
export const CONTACT_NUMBER_PATTERN = /^(?=(?:\D*\d){7})[\d\s+\-()]{7,20}$/;

/** Body of POST /api/demo-requests (the landing page's demo modal). */
export const demoRequestBodySchema = z.object({
  name: requiredText('Name', DEMO_REQUEST_LIMITS.name),
  businessName: requiredText('Business name', DEMO_REQUEST_LIMITS.businessName),
  contactNumber: safeString('Contact number')
    .trim()
    .min(1, { error: required('Contact number'), abort: true })
    .regex(CONTACT_NUMBER_PATTERN, { error: invalidContactNumber }),
  email: requiredText('Email', DEMO_REQUEST_LIMITS.email).regex(z.regexes.email, {
    error: invalidEmail,
  }),
  /**
   * Honeypot: a field hidden from people. Bots fill it in; the server then answers as if the
   * request were stored, and drops it. Any text is accepted so that bots learn nothing.
   */
  website: z.string().optional(),
  /** The pricing plan whose 'Buy Now' opened the form; left out for a free demo. */
  plan: z.enum(PRICING_PLAN_IDS, { error: 'Choose one of the pricing plans' }).nullish(),
});

/** What the web app sends. */
export type DemoRequestBody = z.input<typeof demoRequestBodySchema>;
/** What the server gets after parsing (trimmed). */
export type DemoRequest = z.output<typeof demoRequestBodySchema>;

/** A stored demo request as the super admin sees it. */
export const demoRequestViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string(),
  contactNumber: z.string(),
  email: z.string(),
  plan: z.enum(PRICING_PLAN_IDS).nullable(),
  createdAt: z.string(),
});
export type DemoRequestView = z.infer<typeof demoRequestViewSchema>;
