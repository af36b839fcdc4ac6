import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NamePicker } from '../../../components/name-picker';
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
      <NamePicker
        size="small"
        label={t('filters.output')}
        options={outputs}
        value={filter.outputId}
        onChange={(outputId) => onChange({ ...filter, outputId })}
        placeholder={t('filters.allOutputs')}
        noMatchText={t('filters.noOutputMatch')}
        sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      />
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
