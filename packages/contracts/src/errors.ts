import { z } from 'zod';

/** Stable error codes: the web app translates them, clients branch on them. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'USER_BLOCKED',
  'CORPORATION_BLOCKED',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'SIGNUP_DISABLED',
  'INVITATION_INVALID',
  'EMAIL_NOT_VERIFIED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'FEATURE_UNAVAILABLE',
  'PASSWORD_REQUIRED',
  'DOMAIN_NOT_ALLOWED',
  'VIEWER_LIMIT_REACHED',
  'INTERNAL',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorDetailSchema = z.object({ field: z.string(), message: z.string() });

export const errorResponseSchema = z
  .object({
    statusCode: z.number().int(),
    code: errorCodeSchema,
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
