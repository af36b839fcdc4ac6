import type { LinkProps } from '@mui/material/Link';
import type { Components, Theme } from '@mui/material/styles';
import { LinkBehavior } from '../link-behavior';

export const MuiLink: Components<Theme>['MuiLink'] = {
  defaultProps: { component: LinkBehavior, underline: 'hover' } as LinkProps,
  styleOverrides: { root: { fontWeight: 500 } },
};
