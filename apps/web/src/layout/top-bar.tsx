import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Search from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../components/hint';
import { Logo } from '../components/logo';
import { lazyTranslated } from '../lib/lazy-translated';
import { useLoggedIn } from '../lib/session';
import { LanguageMenu } from './language-menu';
import { useUiState } from './ui-state';

// Logged-in controls load with the first logged-in page, not with /login.
const WorkspaceSwitcherButton = lazy(() =>
  import('./workspace-switcher-button').then((m) => ({ default: m.WorkspaceSwitcherButton })),
);
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
// A guest has no notifications: the bell, its badge and the live status come with the first login.
// Its texts (the unread count) are in `tenancy`, which loads with it.
const NotificationsButton = lazyTranslated(
  () => import('./notifications-button').then((m) => m.NotificationsButton),
  'tenancy',
);

/** Spec section 2 "Layout": toggle, logo, switcher, search, notifications, language, user menu. */
export function TopBar({ hasNavigation }: { hasNavigation: boolean }) {
  const { t } = useTranslation('common');
  const loggedIn = useLoggedIn();
  const { layout, menuOpen, toggleMenu, setSheet } = useUiState();
  const compact = layout === 'compact';

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {hasNavigation && (
          <Hint title={menuOpen ? t('topBar.closeMenu') : t('topBar.openMenu')}>
            <IconButton
              edge="start"
              onClick={toggleMenu}
              aria-label={menuOpen ? t('topBar.closeMenu') : t('topBar.openMenu')}
              aria-expanded={menuOpen}
              aria-controls="main-navigation"
            >
              {menuOpen && !compact ? <MenuOpen /> : <MenuIcon />}
            </IconButton>
          </Hint>
        )}
        <Link
          href="/"
          aria-label={t('topBar.home')}
          sx={{ display: 'inline-flex', alignItems: 'center', borderRadius: 2, px: 0.5, py: 0.5, mr: 1 }}
        >
          <Logo compact={compact} />
        </Link>
        {loggedIn && (
          <Suspense fallback={null}>
            <WorkspaceSwitcherButton compact={compact} />
          </Suspense>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Hint title={t('topBar.search')}>
          <IconButton onClick={() => setSheet('search')} aria-label={t('topBar.search')}>
            <Search />
          </IconButton>
        </Hint>
        {loggedIn && (
          <Suspense fallback={null}>
            <NotificationsButton />
          </Suspense>
        )}
        <LanguageMenu />
        {loggedIn && (
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
