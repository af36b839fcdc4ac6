import type { TypographyVariantsOptions } from '@mui/material/styles';

const fontFamily = [
  'Inter',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Liberation Sans"',
  'system-ui',
  'sans-serif',
].join(',');

export const typography: TypographyVariantsOptions = {
  fontFamily,
  h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.02em' },
  h2: { fontSize: '1.6rem', fontWeight: 700, letterSpacing: '-0.015em' },
  h3: { fontSize: '1.3rem', fontWeight: 700 },
  h4: { fontSize: '1.15rem', fontWeight: 600 },
  h5: { fontSize: '1.05rem', fontWeight: 600 },
  h6: { fontSize: '1rem', fontWeight: 600 },
  subtitle1: { fontWeight: 500 },
  button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  overline: { fontWeight: 700, letterSpacing: '0.08em' },
};
