import type { Locale } from '@stromwerk/contracts/limits';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyLocale } from '../../../lib/i18n';
import { meQueryOptions } from '../../../lib/queries/me';
import { session } from '../../../lib/session';

/**
 * Switching language applies it at once, remembers it in this browser (`user-lang`), and, when
 * logged in, saves it on the profile so other devices start in it too. The save is best effort.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return async (locale: Locale) => {
    await applyLocale(locale, { persist: true });
    const me = queryClient.getQueryData(meQueryOptions().queryKey);
    if (!session.isLoggedIn() || !me || me.language === locale) return;
    try {
      const updated = await api.users.update({ params: { id: me.id }, body: { language: locale } });
      queryClient.setQueryData(meQueryOptions().queryKey, updated);
    } catch {
      // The local choice already applies; the profile catches up on the next change.
    }
  };
}
