import type { Components, Theme } from '@mui/material/styles';

export const MuiCard: Components<Theme>['MuiCard'] = {
  defaultProps: { variant: 'outlined' },
  styleOverrides: {
    root: ({ theme }) => ({ borderRadius: 14, borderColor: theme.palette.divider }),
  },
};

export const MuiCardContent: Components<Theme>['MuiCardContent'] = {
  styleOverrides: { root: { padding: 24, '&:last-child': { paddingBottom: 24 } } },
};
