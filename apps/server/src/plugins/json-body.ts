import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error';

/** No request body of the API nests deeper than a few levels; 64 leaves room and stops stack-deep input. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The deepest nesting of objects and arrays in JSON text, counted without parsing (strings skipped). */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

const parsesPlainly = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The JSON body parser of the API: a body that is not UTF-8, is empty, nests deeper than MAX_JSON_DEPTH or
 * carries `__proto__`/`constructor.prototype` keys is a 400 naming `body`, never a crash further in.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      return done(badRequest('body', 'is not valid UTF-8'), undefined);
    }
    if (text.trim() === '')
      return done(badRequest('body', 'must not be empty for application/json'), undefined);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return done(badRequest('body', `nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    parse(req, text, (err: Error | null, value?: unknown) => {
      if (!err) return done(null, value);
      // Fastify's parser refuses prototype keys as plain invalid JSON; say which it was.
      const message = parsesPlainly(text)
        ? 'must not contain __proto__ or constructor keys'
        : 'is not valid JSON';
      done(badRequest('body', message), undefined);
    });
  });
}
