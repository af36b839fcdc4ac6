import type { Components, Theme } from '@mui/material/styles';

export const MuiDialog: Components<Theme>['MuiDialog'] = {
  styleOverrides: { paper: { borderRadius: 16 }, paperFullScreen: { borderRadius: 0 } },
};

export const MuiDialogTitle: Components<Theme>['MuiDialogTitle'] = {
  styleOverrides: { root: { fontSize: '1.15rem', fontWeight: 700 } },
};
