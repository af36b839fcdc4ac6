import { z } from 'zod';
import { idParamsSchema } from '../common';
import { logoutAllBodySchema, sessionInfoSchema } from '../users';
import { schemasFor } from './schemas';
import { sessionRoutes } from './sessions';

export const sessionSchemas = schemasFor(sessionRoutes, {
  logout: {},
  sessions: { response: z.array(sessionInfoSchema) },
  endSession: { params: idParamsSchema },
  logoutAll: { body: logoutAllBodySchema.nullish() },
});
