import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { OutputFeed } from '../../../lib/queries/output-feeds';
import type { CommentFilter } from '../api/types';

const statuses: CommentFilter['status'][] = ['all', 'unapproved', 'approved'];

/** Narrow the list to one player and to approved or unapproved comments. */
export function CommentFilters({
  filter,
  outputs,
  onChange,
}: {
  filter: CommentFilter;
  outputs: OutputFeed[];
  onChange: (filter: CommentFilter) => void;
}) {
  const { t } = useTranslation('comments');
  return (
    <Box
      role="search"
      aria-label={t('filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2.5 }}
    >
      <TextField
        select
        size="small"
        fullWidth={false}
        label={t('filters.output')}
        value={filter.outputId}
        onChange={(e) => onChange({ ...filter, outputId: e.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      >
        <MenuItem value="">{t('filters.allOutputs')}</MenuItem>
        {outputs.map((output) => (
          <MenuItem key={output.id} value={output.id}>
            {output.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        fullWidth={false}
        label={t('filters.status')}
        value={filter.status}
        onChange={(e) => onChange({ ...filter, status: e.target.value as CommentFilter['status'] })}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      >
        {statuses.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`filters.${status}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
