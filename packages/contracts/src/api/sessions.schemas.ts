import { z } from 'zod';
import { idParamsSchema } from '../common';
import { logoutAllBodySchema, sessionInfoSchema } from '../users';
import { schemasFor } from './schemas';
import { sessionRoutes } from './sessions';

export const sessionSchemas = schemasFor(sessionRoutes, {
  logout: { summary: 'End the session of this request (its token stops working, live connections close)' },
  sessions: {
    summary: "The caller's open sessions, most recently used first; `current` marks this one",
    response: z.array(sessionInfoSchema),
  },
  endSession: { summary: 'End one of the caller’s sessions', params: idParamsSchema },
  logoutAll: {
    summary: 'End every session of the caller, or every other one with keepCurrent',
    body: logoutAllBodySchema.nullish(),
  },
});
