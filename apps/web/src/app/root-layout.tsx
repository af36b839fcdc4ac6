import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/loading-screen';
import { UnsavedChangesProvider } from '../components/unsaved-changes';
import { AppShell } from '../layout/app-shell';
import { UiStateProvider } from '../layout/ui-state';
import { StartupGate } from './startup-gate';

export function RootLayout() {
  return (
    <UnsavedChangesProvider>
      <StartupGate>
        <UiStateProvider>
          <AppShell>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </AppShell>
        </UiStateProvider>
      </StartupGate>
    </UnsavedChangesProvider>
  );
}
