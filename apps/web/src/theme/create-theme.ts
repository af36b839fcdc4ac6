import { createTheme } from '@mui/material/styles';
import type { ElementType } from 'react';
import { MuiAlert } from './components/alert';
import { MuiAppBar } from './components/app-bar';
import { MuiButton } from './components/button';
import { muiButtonBase } from './components/button-base';
import { MuiCard, MuiCardContent } from './components/card';
import { MuiCssBaseline } from './components/css-baseline';
import { MuiDialog, MuiDialogTitle } from './components/dialog';
import { MuiDrawer } from './components/drawer';
import { muiLink } from './components/link';
import { MuiListItemButton } from './components/list-item-button';
import { MuiMenu, MuiMenuItem } from './components/menu';
import { MuiOutlinedInput, MuiTextField } from './components/text-field';
import { MuiTooltip } from './components/tooltip';
import { palette } from './palette';
import { typography } from './typography';

/**
 * The app's theme; `link` is what MUI's `href` on Link, Button and ListItemButton renders (theme.ts: the
 * router's link; the guest login, which has no router, hands over to the app: guest-theme.ts).
 */
export const createAppTheme = (link: ElementType) =>
  createTheme({
    palette,
    typography,
    shape: { borderRadius: 10 },
    components: {
      MuiAlert,
      MuiAppBar,
      MuiButton,
      MuiButtonBase: muiButtonBase(link),
      MuiCard,
      MuiCardContent,
      MuiCssBaseline,
      MuiDialog,
      MuiDialogTitle,
      MuiDrawer,
      MuiLink: muiLink(link),
      MuiListItemButton,
      MuiMenu,
      MuiMenuItem,
      MuiOutlinedInput,
      MuiTextField,
      MuiTooltip,
    },
  });

/** Widths of the side navigation; the rail holds an icon with its short title below. */
export const DRAWER_WIDTH = 264;
export const RAIL_WIDTH = 88;
export const SHEET_WIDTH = 380;
