import { z } from 'zod';
import { dateTimeSchema, line, nameSchema } from './common';
import { EMAIL_MAX_LENGTH, LOCALES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { featureSchema } from './permissions';

export const emailSchema = z.email('Invalid email address').trim().toLowerCase().max(EMAIL_MAX_LENGTH);
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The password must at least contain ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);
export const localeSchema = z.enum(LOCALES);

export const avatarSchema = z.object({
  id: z.uuid(),
  files: z.array(z.object({ bucketRef: z.string() })),
});

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
    blocked: z.boolean(),
    language: localeSchema.nullable(),
    avatarMediaId: z.uuid().nullable(),
    avatar: avatarSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
export const sessionSchema = z.object({ token: z.string(), expiry: dateTimeSchema, user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

/** One login session of the caller (User settings, "Sessions"). */
export const sessionInfoSchema = z
  .object({
    id: z.uuid(),
    /** A short label derived from the user agent, for example "Firefox on Linux". */
    device: z.string(),
    userAgent: z.string().nullable(),
    clientAddress: z.string().nullable(),
    createdAt: dateTimeSchema,
    lastUsedAt: dateTimeSchema,
    expiry: dateTimeSchema,
    /** The session that made this request. */
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const logoutAllBodySchema = z.object({
  /** Keep the session making this request (default: end it too). */
  keepCurrent: z.boolean().default(false),
});
export type LogoutAllBody = z.input<typeof logoutAllBodySchema>;

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  invitationCode: line().trim().min(1).max(200).optional(),
  language: localeSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const updateUserBodySchema = z
  .object({
    name: nameSchema,
    language: localeSchema.nullable(),
    avatarMediaId: z.uuid().nullable(),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const updateEmailSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type UpdateEmail = z.infer<typeof updateEmailSchema>;
export const updatePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;

export const tokenQuerySchema = z.object({ token: z.string().min(10).max(200) });
export const resetPasswordStartSchema = z.object({ email: emailSchema });
export const resetPasswordCompleteSchema = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
export type ResetPasswordComplete = z.infer<typeof resetPasswordCompleteSchema>;

export const emailVerificationSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    email: z.string(),
    expiry: dateTimeSchema,
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'EmailVerification' });
export type EmailVerification = z.infer<typeof emailVerificationSchema>;
export const passwordResetSchema = z
  .object({ id: z.uuid(), userId: z.uuid(), expiry: dateTimeSchema, createdAt: dateTimeSchema })
  .meta({ id: 'PasswordReset' });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const featureFlagParamsSchema = z.object({ id: z.uuid(), flag: featureSchema });
export const featureFlagQuerySchema = z.object({
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(true),
});
export const userFlagsSchema = z.object({
  userId: z.uuid(),
  flags: z.array(featureSchema),
});
export type UserFlags = z.infer<typeof userFlagsSchema>;
