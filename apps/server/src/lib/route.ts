import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../plugins/auth';
import { AppError } from './app-error';

export type App = FastifyInstance & ReturnType<FastifyInstance['withTypeProvider']>;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export const noContent = z.undefined().describe('Done');

export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.actor;
};

/**
 * Spec section 7: PUT carries its payload in the query string and may also carry a body. Routes that accept
 * either merge both (body wins) and validate the result, naming the field on failure.
 */
export function queryOrBody<T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> {
  const merged = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      field: i.path.join('.') || 'payload',
      message: i.message,
    }));
    throw new AppError('VALIDATION_FAILED', `${details[0]!.field}: ${details[0]!.message}`, details);
  }
  return parsed.data;
}

/** Documents a payload accepted in the query string or the JSON body. */
export const looseObject = z.record(z.string(), z.unknown()).optional();
