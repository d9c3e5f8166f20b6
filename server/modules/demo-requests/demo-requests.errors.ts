import { AppError } from '../../lib/errors';

/** The demo-requests module's messages, each written once. */
export const DEMO_REQUEST_MESSAGES = {
  tooMany:
    'Too many requests have come from your network in the last hour. Please try again in an hour.',
} as const;

/** The per-address limit of an hour is used up. */
export const tooManyDemoRequests = () =>
  new AppError(429, 'demo_requests.too_many', DEMO_REQUEST_MESSAGES.tooMany);
