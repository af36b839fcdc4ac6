/**
 * What the auth forms send, shared by the forms (zod-free) and their checks (checks.ts), and the login
 * form's lazy import of its check: this module is part of what /login loads first, checks.ts is not.
 */

export const loginBody = (values: { email: string; password: string }) => ({
  email: values.email.trim(),
  password: values.password,
});
/** The contract's check of the login form, imported when the form first renders (see checks.ts). */
export const loginCheck = () => import('./checks').then((m) => m.loginCheck);

export const resetStartBody = (values: { email: string }) => ({ email: values.email.trim() });

export type CreateAccountValues = { name: string; email: string; password: string; confirm: string };
/** The page adds the invitation code and the language. */
export const registerBody = (values: CreateAccountValues) => ({
  name: values.name.trim(),
  email: values.email.trim(),
  password: values.password,
});
