import {
  loginBodySchema,
  registerBodySchema,
  resetPasswordCompleteSchema,
  resetPasswordStartSchema,
} from '@stromwerk/contracts/users';
import { checkWith, newPasswordWords } from '../../lib/forms/schema-errors';
import { loginBody, registerBody, resetStartBody } from './form-bodies';

// The auth forms' checks with the contracts' schemas. Each form imports this module when it first renders,
// never with it: zod and the checking code stay out of what /login loads before it renders
// (bench/web-bundle.mjs). A submit before it arrives waits for it (use-form).

export const loginCheck = checkWith(loginBodySchema, { body: loginBody });
export const resetStartCheck = checkWith(resetPasswordStartSchema, { body: resetStartBody });
export const registerCheck = checkWith(registerBodySchema, {
  body: registerBody,
  words: newPasswordWords('password'),
});
/** The token comes from the mailed link, not a field: a refused one is the server's LINK_INVALID. */
export const resetCompleteCheck = checkWith<{ password: string; confirm: string }>(
  resetPasswordCompleteSchema,
  {
    body: (values) => ({ password: values.password }),
    fieldOf: (path) => (path === 'password' ? 'password' : undefined),
    words: newPasswordWords('password'),
  },
);
