import { Outlet } from 'react-router';
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
            <Outlet />
          </AppShell>
        </UiStateProvider>
      </StartupGate>
    </UnsavedChangesProvider>
  );
}
