import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { type ComponentType, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoginForm } from '../features/auth/components/login-form';
import { MAIN_CONTENT_ID, SkipLinks } from '../layout/skip-links';
import { TopBar } from '../layout/top-bar';
import { startWithSheet, UiStateProvider, useUiState } from '../layout/ui-state';
import { applyLocale, i18n } from '../lib/i18n';
import { browserLanguages, isLocale, resolveLocale, storedLocale } from '../lib/locale';
import { useLoggedIn } from '../lib/session';
import { guestTheme } from '../theme/guest-theme';
import { loadApp, onHandover, openApp } from './guest-handover';
import { returnTo } from './return-to';

/**
 * /login opened by a guest (main.tsx): the login form in the app's frame (skip link, top bar with the
 * language menu), rendered without the router, TanStack Query and the app shell, which /login loaded
 * before only to show this form (issue 33 item 12: 195 kB of JavaScript). Signing in, a link, the
 * search or a login in another tab hand over to the product app (guest-handover.ts) at the address
 * the user was going to, without a reload.
 */
export function GuestApp() {
  const [App, setApp] = useState<ComponentType | null>(null);
  useEffect(() => {
    onHandover((app) => setApp(() => app));
    return () => onHandover(null);
  }, []);
  if (App) return <App />;
  return (
    <ThemeProvider theme={guestTheme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <UiStateProvider>
          <GuestShell />
        </UiStateProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}

/** Start-up of a guest (startup.ts without a user): the browser's stored choice or its languages. */
export function prepareGuest(): Promise<void> {
  const stored = storedLocale();
  return applyLocale(resolveLocale(isLocale(stored) ? stored : null, browserLanguages()));
}

/** Where to go after login: a deep link the app remembered in this history entry (a reload), else home. */
const target = () => returnTo((window.history.state as { usr?: unknown } | null)?.usr);

function GuestShell() {
  const loggedIn = useLoggedIn();
  const { sheet, layout } = useUiState();
  useEffect(() => {
    if (loggedIn) openApp(target(), { replace: true });
  }, [loggedIn]);
  useEffect(() => {
    if (!sheet) return;
    startWithSheet(sheet);
    openApp(window.location.pathname);
  }, [sheet]);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLinks hasNavigation={false} />
      <TopBar hasNavigation={false} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        data-layout={layout}
        sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Toolbar />
        <LoginForm onSubmit={() => void loadApp().catch(() => undefined)} onSignedIn={() => undefined} />
      </Box>
    </Box>
  );
}
