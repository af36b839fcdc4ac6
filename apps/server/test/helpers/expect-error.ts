import { type ErrorResponse, errorCodes, errorStatus } from '@stromwerk/contracts/errors';
import { expect } from 'vitest';

interface Response {
  status: number;
  body: unknown;
}

/** A field is named when a detail's dotted path (`body.email`, `querystring.limit`, `email`) contains it. */
export const namesField = (path: string, field: string) => path.split('.').includes(field);

/**
 * Asserts the one error shape of ARCHITECTURE section 4: exactly {statusCode, code, message[, details]},
 * statusCode equal to the HTTP status, a known stable code; with `field`, the message and a detail name it.
 */
export function expectError(res: Response, status: number, code: ErrorResponse['code'], field?: string) {
  const context = JSON.stringify(res.body);
  expect(res.status, context).toBe(status);
  const body = res.body as ErrorResponse;
  const keys = Object.keys(body).sort();
  expect(keys, context).toEqual(
    body.details ? ['code', 'details', 'message', 'statusCode'] : ['code', 'message', 'statusCode'],
  );
  expect(body.statusCode).toBe(status);
  expect(errorCodes).toContain(body.code);
  expect(body.code, context).toBe(code);
  // The catalogue fixes the status of every code (packages/contracts/src/error-codes.ts).
  expect(errorStatus[body.code], context).toBe(status);
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.message).not.toMatch(/\n\s+at /); // never a stack trace
  if (field) {
    expect(body.details, context).toBeDefined();
    expect(
      body.details!.some((d) => namesField(d.field, field) && d.message.length > 0),
      context,
    ).toBe(true);
    expect(body.message, context).toContain(field);
  }
  return body;
}
