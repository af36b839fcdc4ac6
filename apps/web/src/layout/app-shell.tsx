import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../components/loading-screen';
import { lazyTranslated } from '../lib/lazy-translated';
import { useLoggedIn } from '../lib/session';
import { NavigationPlaceholder } from './navigation-placeholder';
import { MAIN_CONTENT_ID, SkipLinks } from './skip-links';
import { TopBar } from './top-bar';
import { type Sheet, useUiState } from './ui-state';
import { useNavigation } from './use-navigation';
import { usePathChange } from './use-path-change';

// Sheets and the switcher load on first use, keeping the login page's bundle small. Their
// translations (beyond the bundled `common`) load with them.
const SearchSheet = lazy(() => import('./search/search-sheet').then((m) => ({ default: m.SearchSheet })));
const NotificationsSheet = lazyTranslated(
  () => import('./notifications-sheet').then((m) => m.NotificationsSheet),
  'tenancy',
);

// Live updates of the cache only run while logged in: the handlers stay out of the login page's bundle.
// The error texts a guest never meets come with it (see use-error-message.ts).
const LiveCache = lazyTranslated(() => import('./live-cache').then((m) => m.LiveCache), 'errors');

// Only workspace routes have a navigation; /login never needs the drawer code.
const SideNavigation = lazyTranslated(
  () => import('./side-navigation').then((m) => m.SideNavigation),
  'navigation',
);

// Only logged-in users open it, so it stays out of the login page's bundle.
const WorkspaceSwitcherDialog = lazyTranslated(
  () =>
    import('../features/tenancy/components/workspace-switcher-dialog').then((m) => m.WorkspaceSwitcherDialog),
  'tenancy',
);

export function AppShell({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const { layout, setMenuOpen, switcherOpen, setSwitcherOpen, sheet, setSheet } = useUiState();
  const opened = useOpenedOnce(sheet);
  const { groups, params } = useNavigation();
  const hasNavigation = groups.length > 0;
  const { pathname } = useLocation();

  // A temporary drawer or sheet closes when the page changes underneath it.
  usePathChange(pathname, () => {
    setSheet(null);
    setSwitcherOpen(false);
    if (layout !== 'expanded') setMenuOpen(false);
  });

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {loggedIn && (
        <Suspense fallback={null}>
          <LiveCache />
        </Suspense>
      )}
      <SkipLinks hasNavigation={hasNavigation} />
      <TopBar hasNavigation={hasNavigation} />
      {hasNavigation && (
        <Suspense fallback={<NavigationPlaceholder layout={layout} />}>
          <SideNavigation groups={groups} params={params} />
        </Suspense>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        data-layout={layout}
        sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Toolbar />
        {/* A page whose code or texts are still loading shows a spinner in the frame. The boundary is new
            on every path: React then shows the fallback at once, where a boundary already on screen would
            keep the previous screen during the navigation, which right after login is nothing at all
            (the login's redirect), so the page stayed blank until the page's chunk arrived. */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          {children}
        </Suspense>
      </Box>
      <Suspense fallback={null}>
        {opened.has('search') && <SearchSheet />}
        {opened.has('notifications') && <NotificationsSheet />}
      </Suspense>
      {loggedIn && switcherOpen && (
        <Suspense fallback={null}>
          <WorkspaceSwitcherDialog open onClose={() => setSwitcherOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}

/** Sheets stay mounted after their first opening so that closing can animate. */
function useOpenedOnce(sheet: Sheet | null): ReadonlySet<Sheet> {
  const [opened, setOpened] = useState<ReadonlySet<Sheet>>(new Set());
  if (sheet && !opened.has(sheet)) setOpened(new Set([...opened, sheet]));
  return opened;
}
