import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A small label under an icon button on hover or keyboard focus. The buttons carry the same text as
 * their aria-label, so the hint is hidden from assistive technology. CSS only: MUI's Tooltip would
 * bring Popper.js into the first load of every page.
 */
export function Hint({
  title,
  children,
  align = 'center',
}: {
  title: string;
  children: ReactNode;
  align?: 'center' | 'end';
}) {
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        display: 'inline-flex',
        '&:hover > [data-hint], &:has(:focus-visible) > [data-hint]': {
          opacity: 1,
          transitionDelay: '300ms',
        },
      }}
    >
      {children}
      <Box
        component="span"
        data-hint=""
        aria-hidden="true"
        sx={{
          position: 'absolute',
          top: 'calc(100% + 6px)',
          ...(align === 'end' ? { right: 0 } : { left: '50%', transform: 'translateX(-50%)' }),
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: '#2b2f45',
          color: '#fff',
          fontSize: '0.75rem',
          fontWeight: 500,
          lineHeight: 1.4,
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          opacity: 0,
          transition: 'opacity .12s',
          zIndex: (theme) => theme.zIndex.tooltip,
        }}
      >
        {title}
      </Box>
    </Box>
  );
}
