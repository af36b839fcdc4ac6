// Kept apart from schema-errors.ts: the login forms import this at once, the checking code lazily.

/** What a form shows under a field: a translation key and the values its text needs (`{{count}}`). */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** The text of a form error: a key, or a Message with the values its text needs. */
export const errorText = (t: (key: string, values?: Message['values']) => string, error: string | Message) =>
  typeof error === 'string' ? t(error) : t(error.key, error.values);
