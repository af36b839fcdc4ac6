import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/app-error';

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, and no field of the API has a use for it: a NUL byte
 * anywhere in the path, query string or JSON body (values or keys) is refused with a 400 naming the field
 * before validation, for every route, present and future. Other control characters are refused per field
 * by the contracts' `text()` schemas.
 */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 100) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = `${path}.${key}`;
    if (key.includes('\u0000')) return path;
    const found = findNul(inner, here, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const parts = ['params', 'querystring', 'body'] as const;
const partOf = (req: FastifyRequest, part: (typeof parts)[number]) =>
  part === 'querystring' ? req.query : req[part];

/** A hook that answers at once, written with `done` (an async one costs a promise and a microtask turn). */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (req, _reply, done) => {
    for (const part of parts) {
      const field = findNul(partOf(req, part), part);
      if (field) return done(badRequest(field, 'must not contain NUL characters'));
    }
    done();
  });
}
