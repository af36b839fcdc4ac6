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
