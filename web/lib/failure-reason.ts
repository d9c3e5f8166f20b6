import { MESSAGES } from '../../shared/messages';
import { ApiError } from './api';

/**
 * Why a call failed, in words the user can act on: the server's sentence for a 4xx (a taken
 * code, a bad field, a limit), the network sentence when the server was not reached, and the
 * general sentence for a fault on our side.
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status < 500)) return error.message;
  return MESSAGES.common.unexpected;
}
