import type { PaletteOptions } from '@mui/material/styles';

/** Dark-on-light with an electric indigo brand; every text colour here meets WCAG AA on its surface. */
export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: '#3730c4', light: '#5b54e0', dark: '#231b8f', contrastText: '#ffffff' },
  secondary: { main: '#f59e0b', light: '#fbbf24', dark: '#b45309', contrastText: '#1b1300' },
  error: { main: '#c62828' },
  warning: { main: '#b45309' },
  success: { main: '#1b7f3b' },
  info: { main: '#0b6bcb' },
  background: { default: '#f4f5fa', paper: '#ffffff' },
  text: { primary: '#141833', secondary: '#585e7c' },
  divider: 'rgba(20, 24, 51, 0.12)',
};
