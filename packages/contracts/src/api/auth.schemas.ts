import { loginBodySchema, registerBodySchema, sessionSchema, userSchema } from '../users';
import { authRoutes } from './auth';
import { schemasFor } from './schemas';

export const authSchemas = schemasFor(authRoutes, {
  login: {
    errors: ['INVALID_CREDENTIALS', 'USER_BLOCKED', 'RATE_LIMITED'],
    summary: 'Log in with email and password',
    body: loginBodySchema,
    response: sessionSchema,
  },
  register: {
    errors: ['SIGNUP_DISABLED', 'INVITATION_INVALID', 'EMAIL_TAKEN'],
    summary: 'Create an account (with an invitation code unless sign-up is open)',
    body: registerBodySchema,
    response: sessionSchema,
  },
  me: { summary: 'The caller', response: userSchema },
});
