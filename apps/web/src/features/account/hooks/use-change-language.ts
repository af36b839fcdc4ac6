import type { Locale } from '@stromwerk/contracts/limits';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { api } from '../../../lib/api-client';
import { applyLocale } from '../../../lib/i18n';
import { meQueryOptions } from '../../../lib/queries/me';
import { session } from '../../../lib/session';

/**
 * Switching language applies it at once, remembers it in this browser (`user-lang`), and, when
 * logged in, saves it on the profile so other devices start in it too. The save is best effort.
 */
export function useChangeLanguage() {
  // None on the guest login (app/guest-app.tsx), which has no profile to save the choice on.
  const queryClient = useContext(QueryClientContext);
  return async (locale: Locale) => {
    await applyLocale(locale, { persist: true });
    const me = queryClient?.getQueryData(meQueryOptions().queryKey);
    if (!queryClient || !session.isLoggedIn() || !me || me.language === locale) return;
    try {
      const updated = await api.users.update({ params: { id: me.id }, body: { language: locale } });
      queryClient.setQueryData(meQueryOptions().queryKey, updated);
    } catch {
      // The local choice already applies; the profile catches up on the next change.
    }
  };
}
