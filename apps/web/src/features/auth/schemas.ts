import type { Schema } from '../../lib/forms/schema-errors';

/**
 * The contracts' auth schemas, imported when a form first renders, never with it: zod stays out of the
 * JavaScript /login needs before it renders (bench/web-bundle.mjs). A submit before they arrive waits.
 */
const users = () => import('@stromwerk/contracts/users');

export const loginSchema = (): Promise<Schema> => users().then((m) => m.loginBodySchema);
export const registerSchema = (): Promise<Schema> => users().then((m) => m.registerBodySchema);
export const resetStartSchema = (): Promise<Schema> => users().then((m) => m.resetPasswordStartSchema);
export const resetCompleteSchema = (): Promise<Schema> => users().then((m) => m.resetPasswordCompleteSchema);
