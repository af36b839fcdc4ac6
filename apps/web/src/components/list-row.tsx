import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One item of a selectable list (sources, targets, players, comments): a card with an accent on the left,
 * a selection checkbox, the name as the item's heading with badges beside it, the item's details, an
 * optional aside (a preview), the actions on the right and an optional footer across the whole card.
 */
export function ListRow({
  headingId,
  title,
  badges,
  selectLabel,
  selected,
  onToggle,
  accent,
  aside,
  actions,
  footer,
  children,
}: {
  /** Id of the heading; the card is labelled by it. */
  headingId: string;
  title: ReactNode;
  badges?: ReactNode;
  selectLabel: string;
  selected: boolean;
  onToggle: () => void;
  /** Theme colour of the left edge: the item's state at a glance. */
  accent: string;
  aside?: ReactNode;
  actions: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderLeftWidth: 4,
        borderLeftColor: accent,
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: { xs: 1, sm: 1.5 } }}>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          sx={{ mt: -0.5, ml: -0.5 }}
          slotProps={{ input: { 'aria-label': selectLabel } }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              columnGap: 1,
              rowGap: 0.5,
              mb: 0.5,
            }}
          >
            <Typography
              id={headingId}
              variant="subtitle1"
              component="h2"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {title}
            </Typography>
            {badges}
          </Box>
          {children}
        </Box>
        {aside}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            gap: 0.5,
            flexShrink: 0,
            maxWidth: { xs: 96, sm: 'none' },
          }}
        >
          {actions}
        </Box>
      </Box>
      {footer}
    </Card>
  );
}

/** Figures of an item as a definition list: label above, value below, in a grid. */
export function ListStats({
  columns,
  children,
}: {
  columns: { xs: number; sm: string };
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: `repeat(${columns.xs}, minmax(0, 1fr))`, sm: columns.sm },
        gap: 1.5,
        m: 0,
        mt: 1.5,
      }}
    >
      {children}
    </Box>
  );
}

export function ListStat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        sx={{ m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
      >
        {value}
      </Typography>
    </Box>
  );
}
