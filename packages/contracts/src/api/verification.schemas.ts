import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  emailVerificationSchema,
  passwordResetSchema,
  resetPasswordCompleteSchema,
  resetPasswordStartSchema,
  tokenQuerySchema,
} from '../users';
import { schemasFor } from './schemas';
import { verificationRoutes } from './verification';

const params = idParamsSchema;

export const verificationSchemas = schemasFor(verificationRoutes, {
  startEmailVerification: { summary: 'Mail a confirmation link', params, errors: ['RATE_LIMITED'] },
  completeEmailVerification: {
    errors: ['LINK_INVALID', 'EMAIL_TAKEN'],
    summary: 'Confirm the mailed address; for an email change, the account takes that address now',
    query: tokenQuerySchema,
  },
  startPasswordReset: {
    errors: ['RATE_LIMITED'],
    summary: 'Mail a reset link (answers 204 whether or not the address exists)',
    query: resetPasswordStartSchema,
  },
  // Spec section 7: the token and password may come in the query or the body; the body keeps the password
  // out of URLs and access logs. The server merges both and checks the whole.
  completePasswordReset: {
    errors: ['LINK_INVALID', 'RATE_LIMITED'],
    summary: 'Set a new password with the mailed token; every session of the account ends',
    query: resetPasswordCompleteSchema.partial(),
    body: resetPasswordCompleteSchema.partial().nullish(),
  },
  listEmailVerifications: {
    summary: "The caller's pending email confirmations",
    query: pageQuerySchema,
    response: pageOf(emailVerificationSchema),
  },
  deleteEmailVerification: {
    summary: 'Withdraw a pending email confirmation (its link stops working)',
    params,
  },
  listPasswordResets: {
    summary: "The caller's pending password resets",
    query: pageQuerySchema,
    response: pageOf(passwordResetSchema),
  },
  deletePasswordReset: { summary: 'Withdraw a pending password reset (its link stops working)', params },
});
