import type { Message, SchemaIssue } from './schema-errors';

/**
 * The forms' own rules, beyond the API's: everything the API checks comes from the contracts' schemas
 * (see schema-errors.ts). A validator returns a translation key (namespace `common`) or null.
 */
export type Validator = (value: string) => string | null;

/** The repeated new password must match the first. */
export function matches(other: string): Validator {
  return (value) => {
    if (!value) return 'validation.required';
    return value === other ? null : 'validation.passwordsMismatch';
  };
}

/** Words for a new password the contract finds too short: "The password must at least contain 8 characters". */
export const newPasswordWords =
  (field: string) =>
  (name: string, issue: SchemaIssue, empty: boolean): Message | undefined =>
    name === field && !empty && issue.code === 'too_small'
      ? { key: 'validation.passwordLength', values: { count: Number(issue.minimum) } }
      : undefined;
