import type { Components, Theme } from '@mui/material/styles';
import type { ElementType } from 'react';

export const muiButtonBase = (link: ElementType): Components<Theme>['MuiButtonBase'] => ({
  defaultProps: { LinkComponent: link },
});
