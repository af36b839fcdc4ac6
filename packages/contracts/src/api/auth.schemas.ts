import { errorResponseSchema as error } from '../errors';
import { loginBodySchema, registerBodySchema, sessionSchema, userSchema } from '../users';
import { authRoutes } from './auth';
import { schemasFor } from './schemas';

export const authSchemas = schemasFor(authRoutes, {
  login: {
    body: loginBodySchema,
    response: sessionSchema,
    responses: { 401: error, 403: error, 429: error },
  },
  register: { body: registerBodySchema, response: sessionSchema, responses: { 403: error, 409: error } },
  me: { response: userSchema },
});
