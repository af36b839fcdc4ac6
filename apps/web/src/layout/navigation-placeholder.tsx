import Box from '@mui/material/Box';
import type { LayoutClass } from '../lib/layout-class';
import { DRAWER_WIDTH, RAIL_WIDTH } from '../theme/theme';

/** Holds the navigation's width while its code loads, so the page does not jump sideways. */
export function NavigationPlaceholder({ layout }: { layout: LayoutClass }) {
  if (layout === 'compact') return null;
  return <Box sx={{ width: layout === 'expanded' ? DRAWER_WIDTH : RAIL_WIDTH, flexShrink: 0 }} />;
}
