import type { Components, Theme } from '@mui/material/styles';
import { LinkBehavior } from '../link-behavior';

export const MuiButtonBase: Components<Theme>['MuiButtonBase'] = {
  defaultProps: { LinkComponent: LinkBehavior },
};
