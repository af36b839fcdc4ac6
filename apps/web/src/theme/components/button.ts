import type { Components, Theme } from '@mui/material/styles';

export const MuiButton: Components<Theme>['MuiButton'] = {
  defaultProps: { disableElevation: true },
  styleOverrides: {
    root: { borderRadius: 10, paddingInline: 18, minHeight: 40 },
    sizeSmall: { minHeight: 32, paddingInline: 12 },
  },
};
