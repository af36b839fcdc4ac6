import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { errorResponseSchema as error } from '../errors';
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
  startEmailVerification: { params, responses: { 429: error } },
  completeEmailVerification: { query: tokenQuerySchema, responses: { 409: error } },
  startPasswordReset: { query: resetPasswordStartSchema, responses: { 429: error } },
  // Spec section 7: the token and password may come in the query or the body; the body keeps the password
  // out of URLs and access logs. The server merges both and checks the whole.
  completePasswordReset: {
    query: resetPasswordCompleteSchema.partial(),
    body: resetPasswordCompleteSchema.partial().nullish(),
    responses: { 429: error },
  },
  listEmailVerifications: { query: pageQuerySchema, response: pageOf(emailVerificationSchema) },
  deleteEmailVerification: { params },
  listPasswordResets: { query: pageQuerySchema, response: pageOf(passwordResetSchema) },
  deletePasswordReset: { params },
});
