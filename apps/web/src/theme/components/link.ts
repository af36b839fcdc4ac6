import type { LinkProps } from '@mui/material/Link';
import type { Components, Theme } from '@mui/material/styles';
import type { ElementType } from 'react';

/** `link` renders MUI's `href`: the router's link in the app, a hand-over to it on the guest login. */
export const muiLink = (link: ElementType): Components<Theme>['MuiLink'] => ({
  defaultProps: { component: link, underline: 'hover' } as LinkProps,
  styleOverrides: { root: { fontWeight: 500 } },
});
