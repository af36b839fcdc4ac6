import { loginBodySchema, registerBodySchema, sessionSchema, userSchema } from '../users';
import { authRoutes } from './auth';
import { schemasFor } from './schemas';

export const authSchemas = schemasFor(authRoutes, {
  login: {
    summary: 'Log in with email and password',
    body: loginBodySchema,
    response: sessionSchema,
  },
  register: {
    summary: 'Create an account (with an invitation code unless sign-up is open)',
    body: registerBodySchema,
    response: sessionSchema,
  },
  me: { summary: 'The caller', response: userSchema },
});
