import type { Theme } from '@mui/material/styles';

/** The theme's colours as the CSS variables flowchart.css reads (light and dark alike). */
export function flowchartVars(theme: Theme): Record<string, string> {
  const p = theme.palette;
  return {
    '--fc-ok': p.success.main,
    '--fc-on-ok': p.success.contrastText,
    '--fc-warn': p.warning.main,
    '--fc-on-warn': p.warning.contrastText,
    '--fc-info': p.info.main,
    '--fc-on-info': p.info.contrastText,
    '--fc-bad': p.error.main,
    '--fc-on-bad': p.error.contrastText,
    '--fc-idle': p.grey[500],
    '--fc-chip': p.action.selected,
    '--fc-paper': p.background.paper,
    '--fc-text': p.text.primary,
    '--fc-muted': p.text.secondary,
    '--fc-focus': p.primary.main,
  };
}
