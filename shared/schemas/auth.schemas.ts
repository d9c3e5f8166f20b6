import { z } from 'zod';
import { MESSAGES } from '../messages';
import { safeString } from './common.schemas';

/** Passwords chosen by people: at least 8 characters (argon2 takes any length; 200 caps abuse). */
export const MIN_PASSWORD_LENGTH = 8;
export const newPasswordSchema = safeString('New password')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const emailSchema = safeString('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email(MESSAGES.validation.invalidEmail))
  .transform((email) => email.toLowerCase());

export const loginBodySchema = z.object({
  email: emailSchema,
  password: safeString('Password').min(1, 'Password is required').max(200),
  rememberMe: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const roleSchema = z.enum(['super_admin', 'branch_manager', 'staff']);

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  mustChangePassword: z.boolean(),
});

export const sessionBranchSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  numberOfUsers: z.number().int(),
  /** IANA zone of the branch's business dates (plans, reports). */
  timeZone: z.string(),
});

export const sessionSchema = z.object({
  user: sessionUserSchema,
  branch: sessionBranchSchema.nullable(),
  /** Where the web app goes after login: /admin, /change-password or /usersidebar/billing. */
  home: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * Change password. The first-login screen names the current password 'Temporary password', and
 * its messages say the same: `changePasswordBody('Temporary password')`.
 */
export const changePasswordBody = (currentLabel = 'Current password') =>
  z.object({
    currentPassword: safeString(currentLabel).min(1, `${currentLabel} is required`).max(200),
    newPassword: newPasswordSchema,
  });
export const changePasswordBodySchema = changePasswordBody();
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

const resetTokenSchema = safeString('Reset link')
  .min(20, MESSAGES.auth.resetLinkInvalid)
  .max(200, MESSAGES.auth.resetLinkInvalid);

export const resetPasswordBodySchema = z.object({
  token: resetTokenSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** Checks a reset link without using it. */
export const resetLinkBodySchema = z.object({ token: resetTokenSchema });
export const resetLinkStateSchema = z.object({ usable: z.boolean() });

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });

/** A temporary password set by an admin or manager; its owner must change it at next login. */
export const temporaryPasswordBodySchema = z.object({ newPassword: newPasswordSchema });
