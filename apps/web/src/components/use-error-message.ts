import { ApiError, GenericError } from '@stromwerk/client/api-error';
import type { ErrorCode } from '@stromwerk/contracts/errors';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * API errors carry a stable code of the catalogue (`@stromwerk/contracts/error-codes`), translated here.
 * The codes a guest can meet (log in, sign up, links, the public player) are in the bundled `common`
 * (`errors.<CODE>`); the rest are in the `errors` namespace, which the signed-in shell loads with its live
 * cache, so /login does not carry them. Should one be needed before it arrived, it is fetched and the text
 * follows; meanwhile the server's own message shows. `locales/error-codes.test.ts` keeps every code
 * translated in one of the two. A code this build does not know (a newer server) shows the server's
 * message; failures without an error body read "An error ocurred: Status …" as spec section 8 words it.
 * `overrides` lets a screen say something more precise for a code, e.g. which kind of link expired.
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation('common');
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  return (error: unknown, overrides: Partial<Record<ErrorCode, string>> = {}): string => {
    if (error instanceof ApiError && error.code) {
      const override = overrides[error.code];
      if (override) return t(override);
      const key = `errors.${error.code}`;
      if (i18n.exists(key, { ns: 'common' })) return t(key);
      if (i18n.exists(error.code, { ns: 'errors' })) return t(error.code, { ns: 'errors' });
      if (!i18n.hasResourceBundle(i18n.language, 'errors'))
        void i18n.loadNamespaces('errors').then(rerender, () => undefined);
      if (error.message) return error.message;
    }
    if (error instanceof ApiError || error instanceof GenericError) {
      return t('errors.generic', { status: error.statusCode });
    }
    return t('errors.unknown');
  };
}
