import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { corporationSchema } from '../corporations';
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
  list: { summary: 'Users the caller may see', query: pageQuerySchema, response: pageOf(userSchema) },
  get: { summary: 'One user', params, response: userSchema },
  update: {
    summary: 'Change profile: name, language, avatar',
    params,
    body: updateUserBodySchema,
    response: userSchema,
  },
  block: { summary: 'Block a user', params, response: userSchema },
  unblock: { summary: 'Unblock a user', params, response: userSchema },
  // Spec section 7: the payload may come in the query or the body (the body keeps passwords out of URLs
  // and access logs); the server merges both and checks the whole.
  updateEmail: {
    errors: ['PASSWORD_INCORRECT', 'EMAIL_TAKEN', 'RATE_LIMITED'],
    summary:
      'Change the email address: mails a confirmation link to the new address, which takes effect once opened',
    params,
    query: updateEmailSchema.partial(),
    body: updateEmailSchema.partial().nullish(),
    response: userSchema,
  },
  updatePassword: {
    errors: ['PASSWORD_INCORRECT', 'RATE_LIMITED'],
    summary: 'Change the password; every session ends, the caller gets a fresh one',
    params,
    query: updatePasswordSchema.partial(),
    body: updatePasswordSchema.partial().nullish(),
    response: sessionSchema,
  },
  setFeatureFlag: {
    summary: 'Turn a feature on or off for a user',
    params: featureFlagParamsSchema,
    query: featureFlagQuerySchema,
    response: userFlagsSchema,
  },
  flags: { summary: "The caller's feature flags", response: userFlagsSchema },
  corporations: {
    summary: 'Corporations the user is a member of',
    params,
    query: pageQuerySchema,
    response: pageOf(corporationSchema),
  },
  socials: {
    summary: "The user's social accounts",
    params,
    query: pageQuerySchema,
    response: pageOf(socialSchema),
  },
});

export const avatarSchemas = schemasFor(avatarRoutes, {
  uploadAvatar: {
    errors: ['UNSUPPORTED_MEDIA'],
    summary: 'Upload an avatar image (multipart field `file`, PNG/JPEG/GIF/WebP, at most 5 MB)',
    params,
    response: userSchema,
  },
  removeAvatar: { summary: 'Remove the avatar', params, response: userSchema },
});
