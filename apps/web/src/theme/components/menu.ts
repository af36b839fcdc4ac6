import type { Components, Theme } from '@mui/material/styles';

export const MuiMenu: Components<Theme>['MuiMenu'] = {
  styleOverrides: { paper: { borderRadius: 12, minWidth: 200 } },
};

export const MuiMenuItem: Components<Theme>['MuiMenuItem'] = {
  styleOverrides: { root: { minHeight: 44, gap: 4 } },
};
