import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors';
import { MESSAGES } from '../../../shared/messages';

/** The auth module's errors: stable codes, each message written once (shared/messages.ts). */
export const authErrors = {
  invalidCredentials: () =>
    unauthorized('auth.invalid_credentials', MESSAGES.login.invalidCredentials),
  tooManyAttempts: () =>
    new AppError(429, 'auth.too_many_attempts', MESSAGES.login.tooManyAttempts),
  noSession: () => unauthorized('auth.no_session', MESSAGES.auth.loginRequired),
  sessionExpired: () => unauthorized('auth.session_expired', MESSAGES.auth.sessionEnded),
  /** On the first-login screen the field is 'Temporary password', and so is the message. */
  wrongCurrentPassword: (temporary: boolean) => {
    const message = temporary
      ? MESSAGES.auth.wrongTemporaryPassword
      : MESSAGES.auth.wrongCurrentPassword;
    return badRequest('auth.wrong_current_password', message, { currentPassword: message });
  },
  samePassword: () =>
    badRequest('auth.same_password', MESSAGES.auth.samePassword, {
      newPassword: MESSAGES.auth.samePassword,
    }),
  resetLinkInvalid: () => badRequest('auth.reset_link_invalid', MESSAGES.auth.resetLinkInvalid),
  crossSite: () => forbidden('auth.cross_site', MESSAGES.auth.crossSite),
  notAllowed: () => forbidden('auth.forbidden', MESSAGES.auth.notAllowed),
  passwordChangeRequired: () =>
    forbidden('auth.password_change_required', MESSAGES.auth.passwordChangeRequired),
  twoFactorSetupRequired: () =>
    forbidden('auth.two_factor_setup_required', MESSAGES.twoFactor.setupRequired),
  /** A wrong, stale or used code, under the field it was typed in. */
  twoFactorCodeInvalid: (field: 'code' | 'recoveryCode' = 'code') => {
    const message =
      field === 'code' ? MESSAGES.twoFactor.codeInvalid : MESSAGES.twoFactor.recoveryCodeInvalid;
    return badRequest('auth.two_factor_code_invalid', message, { [field]: message });
  },
  /** Turning off or moving to a new app without the password or a code. */
  twoFactorProofRequired: () =>
    badRequest('auth.two_factor_proof_required', MESSAGES.twoFactor.passwordOrCode, {
      password: MESSAGES.twoFactor.passwordOrCode,
    }),
  twoFactorWrongPassword: () =>
    badRequest('auth.wrong_current_password', MESSAGES.auth.wrongCurrentPassword, {
      password: MESSAGES.auth.wrongCurrentPassword,
    }),
  /** The second step came without a live pending login (none, used, or past 5 minutes). */
  twoFactorLoginExpired: () =>
    unauthorized('auth.two_factor_login_expired', MESSAGES.twoFactor.loginExpired),
  twoFactorSetupExpired: () =>
    badRequest('auth.two_factor_setup_expired', MESSAGES.twoFactor.setupExpired),
  twoFactorCannotTurnOff: () =>
    forbidden('auth.two_factor_required', MESSAGES.twoFactor.cannotTurnOff),
  managerNotFound: () => notFound('branches.not_found', 'Branch not found'),
  /** A plan or account refusal of auth.access.ts ('access.branch_plan_expired', …). */
  refused: (refusal: { code: string; message: string }) => forbidden(refusal.code, refusal.message),
};

const DISPLAY_APPROVAL =
  'A manager approves a fixed display: choose the manager and enter their PIN';

/** A staff member's device marked a fixed display without a manager's approval. */
export const displayApprovalRequired = () =>
  new AppError(403, 'auth.display_approval_required', DISPLAY_APPROVAL, { pin: DISPLAY_APPROVAL });
