import type { Components, Theme } from '@mui/material/styles';

export const MuiTooltip: Components<Theme>['MuiTooltip'] = {
  defaultProps: { arrow: true },
  styleOverrides: { tooltip: { fontSize: '0.8rem' } },
};
