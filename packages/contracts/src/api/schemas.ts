import type { z } from 'zod';
import type { ErrorCode } from '../error-codes';
import type { RouteTable } from './route';

/** The zod half of one route: what the server validates and documents, what the client's types read. */
export interface RouteSchemas {
  /** One line for the OpenAPI document. Kept here, not in the zod-free table: the browser needs no docs. */
  summary?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success body; absent for 204 and for non-JSON answers (`produces`). */
  response?: z.ZodType;
  /** Answers besides success and the errors, by status: health's 503 with its body. */
  responses?: Readonly<Record<number, z.ZodType>>;
  /**
   * Error codes this operation answers beyond the common ones of its access rule (`commonErrorCodes`);
   * each code's status follows from the catalogue. In tests the server refuses to send a code its
   * operation does not declare, so this list stays true.
   */
  errors?: readonly ErrorCode[];
}

export type SchemasOf<T extends RouteTable> = { readonly [K in keyof T]: RouteSchemas };

/** Pairs a resource's table with its schemas; the compiler refuses a missing or an unknown route. */
export const schemasFor = <T extends RouteTable, const S extends SchemasOf<T>>(
  _table: T,
  schemas: S & Record<Exclude<keyof S, keyof T>, never>,
): S => schemas;

type In<S, K extends keyof RouteSchemas> = S extends { [P in K]: infer Z extends z.ZodType }
  ? z.input<Z>
  : undefined;

/** What a caller passes: `{ params, query, body }`, each only where the route declares it. */
export type InputOf<S extends RouteSchemas> = (In<S, 'params'> extends undefined
  ? unknown
  : { params: In<S, 'params'> }) &
  (In<S, 'query'> extends undefined ? unknown : { query?: In<S, 'query'> }) &
  (In<S, 'body'> extends undefined
    ? unknown
    : undefined extends In<S, 'body'>
      ? { body?: In<S, 'body'> }
      : { body: In<S, 'body'> });

/** What a successful call answers (before the client revives dates). */
export type OutputOf<S extends RouteSchemas> = S extends { response: infer Z extends z.ZodType }
  ? z.output<Z>
  : undefined;
