import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, type ErrorResponse, errorStatus } from '@stromwerk/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import type { DeclaredErrorsCheck } from '../lib/declared-errors';

/** The code for a 4xx that Fastify or a plugin raised without one; other statuses become a 400. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** An error body whose status is the catalogue's status of its code. */
const body = (code: ErrorCode, message: string, details?: ErrorResponse['details']): ErrorResponse =>
  details
    ? { statusCode: errorStatus[code], code, message, details }
    : { statusCode: errorStatus[code], code, message };

/** A validation error naming one field (`field: message` plus the detail). */
const invalid = (field: string, message: string) =>
  body('VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);

/**
 * Database errors that only bad input can cause (PostgreSQL SQLSTATE): text the database cannot store or
 * parse, numbers and dates out of range. A backstop behind validation: they are 400s, never a 500.
 */
const INPUT_SQLSTATES: Record<string, string> = {
  '22P05': 'contains characters the database cannot store',
  '22021': 'contains a byte sequence that is not valid UTF-8',
  '22P02': 'has an invalid format',
  '22003': 'is out of range',
  '22008': 'is out of range',
  '22001': 'is too long',
};

/** The SQLSTATE of a database error, also when drizzle wraps it as `cause`. */
function sqlState(error: unknown): string | undefined {
  for (let e = error, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Fastify's own 400s (body parsing, bad URLs) name the part of the request they are about. */
const fieldOfFastifyError = (code: string | undefined) =>
  code?.startsWith('FST_ERR_CTP_')
    ? 'body'
    : code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'url'
      : 'request';

/** Turns every failure into the one error shape; 5xx never shows internals. */
export function toErrorResponse(error: FastifyError | AppError | Error): ErrorResponse {
  if (error instanceof AppError) {
    return {
      statusCode: errorStatus[error.code],
      code: error.code,
      message: error.message,
      details: error.details,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = (error as FastifyError).validationContext ?? 'request';
    const details = error.validation.map((v) => {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field: path ? `${part}.${path}` : part, message: v.message ?? 'Invalid value' };
    });
    const first = details[0]!;
    return body('VALIDATION_FAILED', `${first.field}: ${first.message}`, details);
  }
  const state = sqlState(error);
  if (state && INPUT_SQLSTATES[state]) return invalid('payload', INPUT_SQLSTATES[state]!);
  if (state === '23503') return body('NOT_FOUND', 'A referenced resource was not found');
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'VALIDATION_FAILED';
    if (code !== 'VALIDATION_FAILED') return body(code, error.message);
    return invalid(fieldOfFastifyError((error as FastifyError).code), error.message || 'Invalid request');
  }
  return body('INTERNAL', 'Internal server error');
}

/** Fastify's router errors (a URL that is not valid percent-encoded UTF-8, an over-long id) in the one shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const answer = toErrorResponse(Object.assign(error, { statusCode: 400 }));
  reply.status(answer.statusCode).send(answer);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 KB, malformed
 * request lines, a request not received in time) are still answered in the one error shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? body('HEADERS_TOO_LARGE', 'headers: URL and headers exceed the 16 KB limit', [
          { field: 'headers', message: 'URL and headers exceed the 16 KB limit' },
        ])
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? body('REQUEST_TIMEOUT', 'request: was not received in time', [
            { field: 'request', message: 'was not received in time' },
          ])
        : invalid('request', 'is not valid HTTP');
  const text = JSON.stringify(answer);
  if (socket.writable) {
    const status = answer.statusCode;
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}

/**
 * Every error answer is built here; `declared` (lib/declared-errors.ts) checks its code against the
 * route table's entry for the route. `spaFallback`: answer other GETs outside the API with the web app's
 * index.html (client-side routes).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  declared: DeclaredErrorsCheck,
  spaFallback = false,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The client went away (a closed player, an aborted upload) or a file's bytes had begun: there is
    // nobody to answer, or no way to answer in JSON any more. Not a server failure.
    if (reply.raw.headersSent || reply.raw.destroyed || error.code === 'ECONNRESET') {
      request.log.info(
        { err: { message: error.message, code: error.code } },
        'request ended before its answer',
      );
      // Fastify must not try to answer either (it warned "Reply was already sent" for each one).
      reply.hijack();
      if (!reply.raw.writableEnded) reply.raw.destroy();
      return;
    }
    let answer = toErrorResponse(error);
    if (answer.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (answer.statusCode === 429)
      answer = body('RATE_LIMITED', 'Too many requests, please wait a moment and try again');
    answer = declared(request, answer);
    // A route may have described a file before failing (a range past its end): the answer is JSON now.
    reply.removeHeader('content-length');
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8').status(answer.statusCode).send(answer);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A missing hashed asset (a tab open across a new build) is a 404, not index.html with a 200.
    if (spaFallback && request.method === 'GET' && !/^\/(v1|cdn|mqtt|assets)(\/|$)/.test(path)) {
      return reply.sendFile('index.html');
    }
    reply.status(404).send(body('NOT_FOUND', `Route ${request.method} ${path} not found`));
  });
}
