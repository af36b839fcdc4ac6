import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, ErrorResponse } from '@stromwerk/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

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
    return { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = (error as FastifyError).validationContext ?? 'request';
    const details = error.validation.map((v) => {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field: path ? `${part}.${path}` : part, message: v.message ?? 'Invalid value' };
    });
    const first = details[0]!;
    return {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: `${first.field}: ${first.message}`,
      details,
    };
  }
  const state = sqlState(error);
  if (state && INPUT_SQLSTATES[state]) {
    const message = INPUT_SQLSTATES[state]!;
    return {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: `payload: ${message}`,
      details: [{ field: 'payload', message }],
    };
  }
  if (state === '23503')
    return { statusCode: 404, code: 'NOT_FOUND', message: 'A referenced resource was not found' };
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'VALIDATION_FAILED';
    if (code !== 'VALIDATION_FAILED') return { statusCode: status, code, message: error.message };
    const field = fieldOfFastifyError((error as FastifyError).code);
    const message = error.message || 'Invalid request';
    return {
      statusCode: 400,
      code,
      message: `${field}: ${message}`,
      details: [{ field, message }],
    };
  }
  return { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };
}

/** Fastify's router errors (a URL that is not valid percent-encoded UTF-8, an over-long id) in the one shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorResponse(Object.assign(error, { statusCode: 400 }));
  reply.status(body.statusCode).send(body);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 KB, malformed
 * request lines, a request not received in time) are still answered in the one error shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, field, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers', 'URL and headers exceed the 16 KB limit']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request', 'was not received in time']
        : [400, 'request', 'is not valid HTTP'];
  const body = JSON.stringify({
    statusCode: status,
    code: 'VALIDATION_FAILED',
    message: `${field}: ${message}`,
    details: [{ field, message }],
  } satisfies ErrorResponse);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** `spaFallback`: answer other GETs outside the API with the web app's index.html (client-side routes). */
export function registerErrorHandler(app: FastifyInstance, spaFallback = false): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorResponse(error);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (body.statusCode === 429) {
      body.code = 'RATE_LIMITED';
      body.message = 'Too many requests, please wait a moment and try again';
    }
    reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A missing hashed asset (a tab open across a new build) is a 404, not index.html with a 200.
    if (spaFallback && request.method === 'GET' && !/^\/(v1|cdn|mqtt|assets)(\/|$)/.test(path)) {
      return reply.sendFile('index.html');
    }
    reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}
