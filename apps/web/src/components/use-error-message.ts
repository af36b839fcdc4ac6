import { ApiError, GenericError } from '@stromwerk/client/api-error';
import type { ErrorCode } from '@stromwerk/contracts/errors';
import { useTranslation } from 'react-i18next';

/**
 * API errors carry a stable code of the catalogue (`@stromwerk/contracts/error-codes`), translated here
 * (namespace `common`, `errors.<CODE>`; locales/error-codes.test.ts keeps every code translated). A code
 * this build does not know (a newer server) shows the server's own message; failures without an error
 * body read "An error ocurred: Status …" as spec section 8 words it. `overrides` lets a screen say
 * something more precise for a code, e.g. which kind of link expired.
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation('common');
  return (error: unknown, overrides: Partial<Record<ErrorCode, string>> = {}): string => {
    if (error instanceof ApiError && error.code) {
      const override = overrides[error.code];
      if (override) return t(override);
      const key = `errors.${error.code}`;
      if (i18n.exists(key, { ns: 'common' })) return t(key);
      if (error.message) return error.message;
    }
    if (error instanceof ApiError || error instanceof GenericError) {
      return t('errors.generic', { status: error.statusCode });
    }
    return t('errors.unknown');
  };
}
