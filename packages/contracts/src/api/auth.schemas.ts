import { errorResponseSchema as error } from '../errors';
import { loginBodySchema, registerBodySchema, sessionSchema, userSchema } from '../users';
import { authRoutes } from './auth';
import { schemasFor } from './schemas';

export const authSchemas = schemasFor(authRoutes, {
  login: {
    summary: 'Log in with email and password',
    body: loginBodySchema,
    response: sessionSchema,
    responses: { 401: error, 403: error, 429: error },
  },
  register: {
    summary: 'Create an account (with an invitation code unless sign-up is open)',
    body: registerBodySchema,
    response: sessionSchema,
    responses: { 403: error, 409: error },
  },
  me: { summary: 'The caller', response: userSchema },
});
