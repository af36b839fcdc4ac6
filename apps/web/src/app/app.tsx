import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { api } from '../lib/api-client';
import { setConnectionStatus } from '../lib/connection-status';
import { i18n } from '../lib/i18n';
import { onError, queryClient } from '../lib/query-client';
import { useLoggedIn } from '../lib/session';
import { LiveProvider } from '../live/live-provider';
import { theme } from '../theme/theme';
import { createRouter, loadSignedInRoutes } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Live>
            <RouterProvider router={router} />
          </Live>
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}

/** The live notification connection: open while logged in, its status mirrored to the top bar's dot. */
function Live({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  // Every logged-in page calls the live resources and sits in the signed-in routes: fetch their code
  // alongside the first page's.
  useEffect(() => {
    if (!loggedIn) return;
    void api.preload().catch(() => undefined);
    void loadSignedInRoutes().catch(() => undefined);
  }, [loggedIn]);
  return (
    <LiveProvider
      api={api}
      enabled={loggedIn}
      onStatusChange={setConnectionStatus}
      onCredentialsError={onError}
    >
      {children}
    </LiveProvider>
  );
}
