import { z } from 'zod';

/** Passwords chosen by people: at least 8 characters (argon2 takes any length; 200 caps abuse). */
export const MIN_PASSWORD_LENGTH = 8;
export const newPasswordSchema = z
  .string({ error: 'New password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
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

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  token: z.string().min(20, 'The reset link is not valid').max(200),
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });

/** Free-text search of a list (branches, demo requests, staff). */
export const searchQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});

/** A temporary password set by an admin or manager; its owner must change it at next login. */
export const temporaryPasswordBodySchema = z.object({ newPassword: newPasswordSchema });
