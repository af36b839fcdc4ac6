/**
 * Forms validate what they would send with the contracts' own schema (issue 11: one rule, not a copy in the
 * browser) and show the refused fields in their own translated words. This module only reads the result
 * of a schema's `safeParse`; it imports no zod, so the login bundle can use it and load the schema lazily.
 */

/** What a form shows under a field: a translation key and the values its text needs (`{{count}}`). */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** A zod issue, as far as a form reads it. */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
}

/** The part of a zod schema a form uses. */
export interface Schema {
  safeParse(data: unknown): { success: boolean; error?: { issues: readonly SchemaIssue[] } };
}

/**
 * A form's own words for a refused field: a key (or Message), or undefined for the default words ("Required"
 * for an empty field, else `defaultMessage`). Keys without a namespace are looked up in the form's namespace.
 */
export type Words<F extends string> = (
  field: F,
  issue: SchemaIssue,
  empty: boolean,
) => Message | string | undefined;

const message = (key: string, count?: number | bigint): Message =>
  count === undefined ? { key } : { key, values: { count: Number(count) } };

/**
 * The default words for an issue (namespace `common`, section `validation`). Numbers come from the issue,
 * that is from the contract's rule, never from a copy here.
 */
export function defaultMessage(issue: SchemaIssue): Message {
  const list = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return message('common:validation.tooLong', issue.maximum);
      if (list) return message('common:validation.tooMany', issue.maximum);
      return message('common:validation.atMost', issue.maximum);
    case 'too_small':
      if (issue.origin === 'string') return message('common:validation.tooShort', issue.minimum);
      if (list) return message('common:validation.required');
      return message('common:validation.atLeast', issue.minimum);
    case 'invalid_format':
      return issue.format === 'email'
        ? message('common:validation.invalidEmail')
        : message('common:validation.invalid');
    // The contracts' only refinements refuse control characters (text() and line() in contracts/common).
    case 'custom':
      return message('common:validation.controlCharacters');
    default:
      return message('common:validation.invalid');
  }
}

export interface SchemaErrorsOptions<F extends string> {
  /** The form field holding a schema path (`settings.url`, `whitelist.3`); paths without one are ignored. */
  fieldOf: (path: string) => F | undefined;
  /** The form's values: a refused field left empty says "Required" (unless `words` says otherwise). */
  values?: Partial<Record<F, unknown>>;
  words?: Words<F>;
}

const isEmpty = (value: unknown) => typeof value === 'string' && !value.trim();

/** Checks `body` with `schema` and words the first issue of each form field it refuses. */
export function schemaErrors<F extends string>(
  schema: Schema,
  body: unknown,
  { fieldOf, values, words }: SchemaErrorsOptions<F>,
): Partial<Record<F, Message>> {
  const result = schema.safeParse(body);
  const errors: Partial<Record<F, Message>> = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (!field || errors[field]) continue;
    const empty = Boolean(values) && isEmpty(values?.[field]);
    const own = words?.(field, issue, empty);
    errors[field] =
      typeof own === 'string'
        ? { key: own }
        : (own ?? (empty ? message('common:validation.required') : defaultMessage(issue)));
  }
  return errors;
}

/** The schema's field names as form fields: `email` is the field `email`; nested paths name their top. */
export const sameField =
  <F extends string>(fields: readonly F[]) =>
  (path: string): F | undefined => {
    const top = path.split('.')[0] as F;
    return fields.includes(top) ? top : undefined;
  };

/** The form fields the schema refuses. */
export function invalidFields<F extends string>(
  schema: Schema,
  body: unknown,
  fieldOf: (path: string) => F | undefined,
): Set<F> {
  return new Set(Object.keys(schemaErrors(schema, body, { fieldOf })) as F[]);
}

/** A whole number typed as text, or NaN (so "1.5", "0x10" or "" fail the schema's integer rules). */
export const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** A decimal number typed as text (a comma works as the point), or NaN when empty or not a number. */
export const decimalNumber = (text: string) =>
  text.trim() ? Number(text.trim().replace(',', '.')) : Number.NaN;
