// Kept apart from schema-errors.ts: the auth forms import this at once, the checking code lazily. The
// forms' own rules, beyond the API's, live here too (everything the API checks comes from its schemas).

/** What a form shows under a field: a translation key and the values its text needs (`{{count}}`). */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** The text of a form error: a key, or a Message with the values its text needs. */
export const errorText = (t: (key: string, values?: Message['values']) => string, error: string | Message) =>
  typeof error === 'string' ? t(error) : t(error.key, error.values);

/** The repeated new password must match the first. */
export function matches(other: string): (value: string) => string | null {
  return (value) => {
    if (!value) return 'validation.required';
    return value === other ? null : 'validation.passwordsMismatch';
  };
}
