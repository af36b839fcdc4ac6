import type { Components, Theme } from '@mui/material/styles';

export const MuiAlert: Components<Theme>['MuiAlert'] = {
  styleOverrides: { root: { borderRadius: 10 } },
};
