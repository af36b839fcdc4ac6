import { z } from 'zod';
import { errorCodes, errorStatus } from './error-codes';

/** The catalogue (code -> status) lives zod-free in error-codes.ts; this module adds the wire schema. */
export { type ErrorCode, type ErrorStatus, errorCodes, errorStatus, isErrorCode } from './error-codes';

export const errorCodeSchema = z.enum(errorCodes).meta({
  description: `Stable error code; each code is always sent with the same HTTP status: ${errorCodes
    .map((code) => `${code} ${errorStatus[code]}`)
    .join(', ')}.`,
});

/** A quota refusal (`QUOTA_EXCEEDED`, `STORAGE_QUOTA_EXCEEDED`) names the metric, its usage and the limit. */
export const errorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
  metric: z.string().optional(),
  used: z.number().optional(),
  limit: z.number().optional(),
});

export const errorResponseSchema = z
  .object({
    statusCode: z.number().int(),
    code: errorCodeSchema,
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
