import { appendFileSync } from 'node:fs';
import { errorCodesOf, type Route, transportCodes } from '@stromwerk/contracts/api/route';
import {
  type ErrorCode,
  type ErrorResponse,
  errorResponseSchema,
  errorStatus,
} from '@stromwerk/contracts/errors';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The error codes the route table declares for this operation (with the common ones). */
    errorCodes?: ReadonlySet<ErrorCode>;
  }
}

const transport = new Set<ErrorCode>(transportCodes);
const explicit = new Set<ErrorCode>(['VALIDATION_FAILED', 'NOT_FOUND']);

/**
 * The OpenAPI responses of an operation's error codes: one entry per status, described by the codes it
 * carries (`403: FORBIDDEN, QUOTA_EXCEEDED`), each with the one error body. The limits every request
 * can meet (time-out, sizes, rate, a crash) share the `default` entry unless the operation names them.
 */
export function errorResponsesOf(route: Route, own: readonly ErrorCode[] = []) {
  const byStatus = new Map<number | 'default', ErrorCode[]>();
  const named = new Set(own);
  for (const code of errorCodesOf(route, own)) {
    const key =
      transport.has(code) && !explicit.has(code) && !named.has(code) ? 'default' : errorStatus[code];
    byStatus.set(key, [...(byStatus.get(key) ?? []), code]);
  }
  const body = { 'application/json': { schema: errorResponseSchema } };
  return Object.fromEntries(
    [...byStatus].map(([key, codes]) => [
      key,
      {
        description: key === 'default' ? `Limits of every request: ${codes.join(', ')}` : codes.join(', '),
        content: body,
      },
    ]),
  );
}

/**
 * What to do when an answer carries an error code its operation does not declare:
 * `log` (production) warns and sends it; `fail` (tests) turns it into a 500 naming the code, so the test
 * that met it fails and the table gets corrected. `UNDECLARED_ERRORS_FILE` also collects them, one per line.
 */
export type UndeclaredErrors = 'log' | 'fail';

/** Checks an error answer against its route's table entry and returns the answer to send. */
export type DeclaredErrorsCheck = (request: FastifyRequest, answer: ErrorResponse) => ErrorResponse;

/**
 * The check the error handler runs on every error answer (plugins/errors.ts). Every error of a table
 * route reaches the client through that handler (thrown, passed to a hook's `done`, sent as an Error),
 * so the check runs there and not in an onSend hook that every successful answer passed too (issue 32).
 */
export function declaredErrors(mode: UndeclaredErrors): DeclaredErrorsCheck {
  return (request, answer) => {
    const declared = request.routeOptions.config?.errorCodes;
    const { code } = answer;
    if (!declared || code === 'INTERNAL' || declared.has(code)) return answer;
    const where = `${request.method} ${request.routeOptions.url}`;
    const file = process.env.UNDECLARED_ERRORS_FILE;
    if (file) appendFileSync(file, `${where} ${code}\n`);
    if (mode === 'log') {
      request.log.warn({ code, route: where }, 'error code not declared in the route table');
      return answer;
    }
    request.log.error({ code, route: where }, 'error code not declared in the route table');
    return {
      statusCode: 500,
      code: 'INTERNAL',
      message: `${where} answered ${code}, which its route table entry does not declare`,
    };
  };
}
