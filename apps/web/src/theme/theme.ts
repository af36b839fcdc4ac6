import { createAppTheme } from './create-theme';
import { LinkBehavior } from './link-behavior';

export { DRAWER_WIDTH, RAIL_WIDTH, SHEET_WIDTH } from './create-theme';

export const theme = createAppTheme(LinkBehavior);
