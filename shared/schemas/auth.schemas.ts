import { z } from 'zod';
import { MESSAGES } from '../messages';
import { pinSchema, safeString } from './common.schemas';
import { ROLES } from '../permissions';

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

export const roleSchema = z.enum(ROLES);

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  mustChangePassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** A super admin without two-factor sign-in yet: set it up before anything else. */
  mustSetUpTwoFactor: z.boolean(),
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
  /** Where the web app goes after login: `startPage(user, 'sign-in')` (shared/start-page.ts). */
  home: z.string(),
  /** A manager marked this device's session as a fixed display (docs/kitchen.md). */
  fixedDisplay: z.boolean(),
  /**
   * How long the session may go without activity before it ends (the app signs out then);
   * null for a display (the kitchen account, a fixed display), which never ends for idleness.
   */
  idleTimeoutMs: z.number().int().positive().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Two-factor sign-in is required of super admins, offered to managers, not to staff. */
export const twoFactorRequiredFor = (role: z.infer<typeof roleSchema>): boolean =>
  role === 'super_admin';

/** The password was right and the account has two-factor sign-in: the second step comes. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true) });
export const loginAnswerSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A code of an authenticator app: 6 digits (spaces people type between them are dropped). */
export const totpCodeSchema = safeString('Authentication code')
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MESSAGES.twoFactor.codeFormat));

const recoveryCodeSchema = safeString('Recovery code')
  .trim()
  .min(1, MESSAGES.twoFactor.recoveryCodeRequired)
  .max(40, 'Recovery code must be at most 40 characters');

/** The second step of login: a code of the app, or one of the recovery codes. */
export const twoFactorLoginBodySchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Send either code or recoveryCode',
    path: ['code'],
  });
export type TwoFactorLoginBody = z.input<typeof twoFactorLoginBodySchema>;

/** A set-up: when two-factor sign-in is already on (a new phone), the password or a code. */
export const twoFactorSetupBodySchema = z.object({
  password: safeString('Password').min(1, MESSAGES.login.passwordRequired).max(200).optional(),
  code: totpCodeSchema.optional(),
});
export type TwoFactorSetupBody = z.input<typeof twoFactorSetupBodySchema>;

/** Proof that the person at the screen is the account's owner: the password or a code. */
export const twoFactorProofSchema = twoFactorSetupBodySchema.refine(
  (body) => body.password !== undefined || body.code !== undefined,
  {
    message: MESSAGES.twoFactor.passwordOrCode,
    path: ['password'],
  },
);
export type TwoFactorProof = z.input<typeof twoFactorProofSchema>;

/** A set-up in progress: the secret to scan (as an otpauth URI) or to type (base32). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableBodySchema = z.object({ code: totpCodeSchema });
/** Turned on: the recovery codes, shown this once, and the session as it is now. */
export const twoFactorEnabledSchema = z.object({
  recoveryCodes: z.array(z.string()),
  session: sessionSchema,
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The super admin reset a manager's two-factor sign-in; `wasOn` false: it was not on. */
export const twoFactorResetSchema = z.object({ wasOn: z.boolean(), managerName: z.string() });
export type TwoFactorReset = z.infer<typeof twoFactorResetSchema>;

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

/** A manager marks (or unmarks) the device's own session as a fixed display. */
/**
 * PUT /api/auth/session/display: mark (or unmark) this device's session as a fixed display. A
 * manager marks their own; on a staff member's device a manager approves with their PIN.
 */
export const fixedDisplayBodySchema = z
  .object({
    fixedDisplay: z.boolean({ error: 'Fixed display must be true or false' }),
    managerId: z.uuid({ error: 'Choose the manager' }).optional(),
    pin: pinSchema.optional(),
  })
  .refine((body) => (body.managerId === undefined) === (body.pin === undefined), {
    error: 'Choose the manager and enter their PIN',
    path: ['pin'],
  });
export type FixedDisplayBody = z.infer<typeof fixedDisplayBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });

/** A temporary password set by an admin or manager; its owner must change it at next login. */
export const temporaryPasswordBodySchema = z.object({ newPassword: newPasswordSchema });
