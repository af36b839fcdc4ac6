import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { corporationSchema } from '../corporations';
import { errorResponseSchema as error } from '../errors';
import { socialSchema } from '../socials';
import {
  featureFlagParamsSchema,
  featureFlagQuerySchema,
  sessionSchema,
  updateEmailSchema,
  updatePasswordSchema,
  updateUserBodySchema,
  userFlagsSchema,
  userSchema,
} from '../users';
import { schemasFor } from './schemas';
import { avatarRoutes, userRoutes } from './users';

const params = idParamsSchema;

export const userSchemas = schemasFor(userRoutes, {
  list: { query: pageQuerySchema, response: pageOf(userSchema) },
  get: { params, response: userSchema },
  update: { params, body: updateUserBodySchema, response: userSchema },
  block: { params, response: userSchema },
  unblock: { params, response: userSchema },
  // Spec section 7: the payload may come in the query or the body (the body keeps passwords out of URLs
  // and access logs); the server merges both and checks the whole.
  updateEmail: {
    params,
    query: updateEmailSchema.partial(),
    body: updateEmailSchema.partial().nullish(),
    response: userSchema,
    responses: { 409: error, 429: error },
  },
  updatePassword: {
    params,
    query: updatePasswordSchema.partial(),
    body: updatePasswordSchema.partial().nullish(),
    response: sessionSchema,
    responses: { 429: error },
  },
  setFeatureFlag: {
    params: featureFlagParamsSchema,
    query: featureFlagQuerySchema,
    response: userFlagsSchema,
  },
  flags: { response: userFlagsSchema },
  corporations: { params, query: pageQuerySchema, response: pageOf(corporationSchema) },
  socials: { params, query: pageQuerySchema, response: pageOf(socialSchema) },
});

export const avatarSchemas = schemasFor(avatarRoutes, {
  uploadAvatar: { params, response: userSchema },
  removeAvatar: { params, response: userSchema },
});
