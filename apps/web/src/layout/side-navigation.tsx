import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo';
import type { NavigationEntry } from '../lib/navigation';
import { DRAWER_WIDTH, RAIL_WIDTH } from '../theme/theme';
import { NavigationList } from './navigation-list';
import { MAIN_NAVIGATION_ID } from './skip-links';
import { useUiState } from './ui-state';

interface Props {
  groups: NavigationEntry[][];
  params: { corporationId?: string; workspaceId?: string };
}

/**
 * compact: a temporary drawer over the page, closed by default.
 * medium: a rail with short titles; the menu toggle opens the drawer over it.
 * expanded: the drawer is docked and open by default; the toggle folds it to the rail.
 */
export function SideNavigation({ groups, params }: Props) {
  const { t } = useTranslation('common');
  const { layout, menuOpen, setMenuOpen } = useUiState();
  const label = t('navigation.main');
  const close = () => setMenuOpen(false);

  const temporary = (
    <Drawer
      variant="temporary"
      open={menuOpen}
      onClose={close}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': label } as object }}
    >
      <Box sx={{ px: 2.5, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Logo />
      </Box>
      <nav id={MAIN_NAVIGATION_ID} aria-label={label}>
        <NavigationList groups={groups} params={params} variant="drawer" onNavigate={close} />
      </nav>
    </Drawer>
  );

  if (layout === 'compact') return temporary;

  const docked = layout === 'expanded' && menuOpen;
  const width = docked ? DRAWER_WIDTH : RAIL_WIDTH;
  return (
    <>
      <Drawer
        variant="permanent"
        sx={{ width, flexShrink: 0 }}
        slotProps={{ paper: { sx: { width, overflowX: 'hidden' } } }}
        data-testid={docked ? 'navigation-drawer' : 'navigation-rail'}
      >
        <Toolbar />
        {/* In medium the temporary drawer carries the navigation landmark while it is open. */}
        <nav
          id={layout === 'medium' && menuOpen ? undefined : MAIN_NAVIGATION_ID}
          aria-label={label}
          aria-hidden={layout === 'medium' && menuOpen ? true : undefined}
        >
          <NavigationList groups={groups} params={params} variant={docked ? 'drawer' : 'rail'} />
        </nav>
      </Drawer>
      {layout === 'medium' && temporary}
    </>
  );
}
