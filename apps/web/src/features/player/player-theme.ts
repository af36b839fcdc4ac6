import { createTheme } from '@mui/material/styles';
import { MuiAlert } from '../../theme/components/alert';
import { MuiButton } from '../../theme/components/button';
import { MuiCssBaseline } from '../../theme/components/css-baseline';
import { MuiOutlinedInput, MuiTextField } from '../../theme/components/text-field';
import { palette } from '../../theme/palette';
import { typography } from '../../theme/typography';

/**
 * The app's look without its router links (theme.ts makes MUI's `href` a React Router link): the public
 * player has no router, and its links leave the page anyway.
 */
export const playerTheme = createTheme({
  palette,
  typography,
  shape: { borderRadius: 10 },
  components: { MuiAlert, MuiButton, MuiCssBaseline, MuiOutlinedInput, MuiTextField },
});
