import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { applyLocale, i18n, loadNamespaces } from '../../../lib/i18n';
import { browserLanguages, isLocale, resolveLocale, storedLocale } from '../../../lib/locale';
import { playerTheme } from '../player-theme';
import { PlayerPage } from './player-page';

// While the translations load and React starts, the session and hls.js are already on their way
// (main.tsx starts them: api/early-start.ts).
const outputIdOfPage = () => decodeURIComponent(window.location.pathname.split('/')[2] ?? '');

/**
 * The public player at /player/<id> as an app of its own (main.tsx picks it by path): no login, no
 * shell, no live connection; only what watching needs. The language follows a choice stored in this
 * browser, else the browser's languages.
 */
export function PlayerApp() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const stored = storedLocale();
    // The player's texts are not bundled; asked for first, they also load in the chosen locale.
    void Promise.allSettled([
      loadNamespaces(['player']),
      applyLocale(resolveLocale(isLocale(stored) ? stored : null, browserLanguages())),
    ]).then(() => setReady(true));
  }, []);
  const id = outputIdOfPage();
  return (
    <ThemeProvider theme={playerTheme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {ready && <PlayerPage outputId={id} />}
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}
