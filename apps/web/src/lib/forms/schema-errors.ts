/**
 * Forms validate what they would send with the contracts' own schema (issue 11: one rule, not a copy in the
 * browser) and show the refused fields in their own translated words. This module only reads the result
 * of a schema's `safeParse` and imports no zod; the login forms still import it lazily, with their schemas
 * (features/auth/checks.ts), as /login's first load has no bytes to spare.
 */
import type { Message } from './messages';

export type { Message };

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

const message = (key: string, count?: number | bigint): string | Message =>
  count === undefined ? key : { key, values: { count: Number(count) } };

/**
 * The default words for an issue (namespace `common`, section `validation`). Numbers come from the issue,
 * that is from the contract's rule, never from a copy here.
 */
export function defaultMessage(issue: SchemaIssue): string | Message {
  // Numbers and lists have a form's own words (a range, "one domain per line"); the rest reads "Invalid value".
  const text = issue.origin === 'string';
  switch (issue.code) {
    case 'too_big':
      return text
        ? message('common:validation.tooLong', issue.maximum)
        : message('common:validation.invalid');
    case 'too_small':
      return text
        ? message('common:validation.tooShort', issue.minimum)
        : message('common:validation.invalid');
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
): Partial<Record<F, string | Message>> {
  const result = schema.safeParse(body);
  const errors: Partial<Record<F, string | Message>> = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (!field || errors[field]) continue;
    const empty = Boolean(values) && isEmpty(values?.[field]);
    const own = words?.(field, issue, empty);
    errors[field] = own ?? (empty ? 'common:validation.required' : defaultMessage(issue));
  }
  return errors;
}

/** A form's check with its contract: the errors of its values, and the field of a schema path. */
export interface FormCheck<T extends Record<string, string>> {
  errors(values: T): Partial<Record<keyof T & string, string | Message>>;
}

export interface CheckOptions<T extends Record<string, string>> {
  /** What the form would send, as the schema checks it; default: the values as they are. */
  body?: (values: T) => unknown;
  /** The field that holds a schema path; default: the field of the same name (`whitelist.3`: whitelist). */
  fieldOf?: (path: string) => (keyof T & string) | undefined;
  words?: Words<keyof T & string>;
}

/** The check of a form whose values `schema` checks, once `body` turns them into what the form sends. */
export function checkWith<T extends Record<string, string>>(
  schema: Schema,
  { body, fieldOf, words }: CheckOptions<T> = {},
): FormCheck<T> {
  const field = (values: T, path: string) => {
    const name = fieldOf ? fieldOf(path) : (path.split('.')[0] as keyof T & string);
    return name && name in values ? name : undefined;
  };
  return {
    errors: (values) =>
      schemaErrors(schema, body ? body(values) : values, {
        fieldOf: (path) => field(values, path),
        values,
        words,
      }),
  };
}

/** Words for a new password the contract finds too short: "The password must at least contain 8 characters". */
export const newPasswordWords =
  (field: string) =>
  (name: string, issue: SchemaIssue, empty: boolean): Message | undefined =>
    name === field && !empty && issue.code === 'too_small'
      ? { key: 'validation.passwordLength', values: { count: Number(issue.minimum) } }
      : undefined;

/** A whole number typed as text, or NaN (so "1.5", "0x10" or "" fail the schema's integer rules). */
export const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** A decimal number typed as text (a comma works as the point), or NaN when empty or not a number. */
export const decimalNumber = (text: string) =>
  text.trim() ? Number(text.trim().replace(',', '.')) : Number.NaN;
