import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiState } from './ui-state';

export const MAIN_CONTENT_ID = 'main-content';
export const MAIN_NAVIGATION_ID = 'main-navigation';

/** Focus moves with the jump; a closed temporary drawer is opened first so its links can be reached. */
function focusWhenPresent(id: string, tries = 20) {
  const target = document.getElementById(id);
  const focusable = target?.querySelector<HTMLElement>('a[href], button') ?? null;
  const element = id === MAIN_NAVIGATION_ID ? focusable : target;
  if (element) {
    element.focus();
    element.scrollIntoView?.({ block: 'nearest' });
  } else if (tries > 0) {
    setTimeout(() => focusWhenPresent(id, tries - 1), 25);
  }
}

export function SkipLinks({ hasNavigation }: { hasNavigation: boolean }) {
  const { t } = useTranslation('common');
  const { layout, menuOpen, setMenuOpen } = useUiState();

  const links = [
    { id: MAIN_CONTENT_ID, label: t('skip.toContent') },
    ...(hasNavigation ? [{ id: MAIN_NAVIGATION_ID, label: t('skip.toNavigation') }] : []),
  ];

  return (
    <Box component="nav" aria-label={t('skip.label')}>
      {links.map((link) => (
        <Box
          key={link.id}
          component="a"
          href={`#${link.id}`}
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            if (link.id === MAIN_NAVIGATION_ID && layout === 'compact' && !menuOpen) setMenuOpen(true);
            focusWhenPresent(link.id);
          }}
          sx={{
            position: 'fixed',
            left: 12,
            top: 12,
            zIndex: (theme) => theme.zIndex.tooltip + 1,
            px: 2,
            py: 1.25,
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 600,
            textDecoration: 'none',
            boxShadow: 3,
            transform: 'translateY(-200%)',
            '&:focus, &:focus-visible': { transform: 'none', outlineColor: 'secondary.main' },
          }}
        >
          {link.label}
        </Box>
      ))}
    </Box>
  );
}
