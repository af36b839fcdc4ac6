import { fieldErrorsOf } from '../../../lib/api-errors';

/** The clip form's fields, and where the contract's (and the server's) paths land on them. */
export type Field = 'in' | 'out' | 'name' | 'autoDeleteAt';
export const fieldOf = (path: string): Field | undefined => {
  if (path === 'from' || path === 'inMs') return 'in';
  if (path === 'to' || path === 'outMs' || path === 'lastSeconds') return 'out';
  if (path === 'name' || path === 'autoDeleteAt') return path;
  return undefined;
};

/** The server's field errors, on the editor's fields. */
export function serverFieldErrors(error: unknown) {
  const next: Partial<Record<Field, string>> = {};
  for (const [path, text] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(path);
    if (field) next[field] = text;
  }
  return next;
}
