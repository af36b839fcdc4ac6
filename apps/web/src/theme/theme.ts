import { createTheme } from '@mui/material/styles';
import { MuiAlert } from './components/alert';
import { MuiAppBar } from './components/app-bar';
import { MuiButton } from './components/button';
import { MuiButtonBase } from './components/button-base';
import { MuiCard, MuiCardContent } from './components/card';
import { MuiCssBaseline } from './components/css-baseline';
import { MuiDialog, MuiDialogTitle } from './components/dialog';
import { MuiDrawer } from './components/drawer';
import { MuiLink } from './components/link';
import { MuiListItemButton } from './components/list-item-button';
import { MuiMenu, MuiMenuItem } from './components/menu';
import { MuiOutlinedInput, MuiTextField } from './components/text-field';
import { MuiTooltip } from './components/tooltip';
import { palette } from './palette';
import { typography } from './typography';

export const theme = createTheme({
  palette,
  typography,
  shape: { borderRadius: 10 },
  components: {
    MuiAlert,
    MuiAppBar,
    MuiButton,
    MuiButtonBase,
    MuiCard,
    MuiCardContent,
    MuiCssBaseline,
    MuiDialog,
    MuiDialogTitle,
    MuiDrawer,
    MuiLink,
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
