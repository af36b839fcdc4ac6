import type { z } from 'zod';

/**
 * Validates what a form would send with the contracts' own schema (issue 11: one rule, not a copy in the
 * browser) and names the form fields it refuses. `fieldOf` maps a schema path (`settings.url`) to the form
 * field that holds it; paths without a field are ignored (the form cannot show them). The form chooses the
 * words: it gets the field names, not zod's English messages.
 */
export function invalidFields<F extends string>(
  schema: z.ZodType,
  body: unknown,
  fieldOf: (path: string) => F | undefined,
): Set<F> {
  const result = schema.safeParse(body);
  const fields = new Set<F>();
  if (result.success) return fields;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.join('.'));
    if (field) fields.add(field);
  }
  return fields;
}

/** A whole number typed as text, or NaN (so "1.5", "0x10" or "" fail the schema's integer rules). */
export const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
