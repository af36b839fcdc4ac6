import type { ErrorCode, ErrorResponse } from '@stromwerk/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
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
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { statusCode: status, code: codeByStatus[status] ?? 'VALIDATION_FAILED', message: error.message };
  }
  return { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' };
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
    if (spaFallback && request.method === 'GET' && !/^\/(v1|cdn|mqtt)(\/|$)/.test(path)) {
      return reply.sendFile('index.html');
    }
    reply.status(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}
