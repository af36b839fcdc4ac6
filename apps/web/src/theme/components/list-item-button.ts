import { alpha, type Components, type Theme } from '@mui/material/styles';

export const MuiListItemButton: Components<Theme>['MuiListItemButton'] = {
  styleOverrides: {
    root: ({ theme }) => ({
      borderRadius: 10,
      '&.Mui-selected': {
        backgroundColor: alpha(theme.palette.primary.main, 0.1),
        color: theme.palette.primary.dark,
        '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
      },
      '&.Mui-selected:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.16) },
    }),
  },
};
