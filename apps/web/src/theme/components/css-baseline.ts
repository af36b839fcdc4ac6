import type { Components, Theme } from '@mui/material/styles';

export const MuiCssBaseline: Components<Theme>['MuiCssBaseline'] = {
  styleOverrides: (theme) => ({
    html: { scrollPaddingTop: 80 },
    body: { backgroundColor: theme.palette.background.default },
    ':focus-visible': { outline: `3px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
    '#main-content:focus': { outline: 'none' },
  }),
};
