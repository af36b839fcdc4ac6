import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import Search from '@mui/icons-material/Search';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { MediaOrigin } from '@stromwerk/contracts/medias';
import { useTranslation } from 'react-i18next';
import { MEDIA_ORIGINS, MEDIA_SORTS, type MediaSort } from '../api/types';
import type { ViewMode } from '../hooks/use-view-mode';

/** Search, sort, origin filter and the grid/list switch above the library. */
export function MediaToolbar({
  search,
  onSearch,
  sort,
  onSort,
  origin,
  onOrigin,
  view,
  onView,
}: {
  search: string;
  onSearch: (value: string) => void;
  sort: MediaSort;
  onSort: (value: MediaSort) => void;
  origin: MediaOrigin | 'all';
  onOrigin: (value: MediaOrigin | 'all') => void;
  view: ViewMode;
  onView: (value: ViewMode) => void;
}) {
  const { t } = useTranslation('medias');
  return (
    <Box
      role="search"
      aria-label={t('toolbar.label')}
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr) minmax(0, 1fr) auto',
          md: 'minmax(200px, 1fr) 170px 170px auto',
        },
      }}
    >
      <TextField
        type="search"
        size="small"
        label={t('toolbar.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        slotProps={{
          htmlInput: { maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('toolbar.sort')}
        value={sort}
        onChange={(e) => onSort(e.target.value as MediaSort)}
      >
        {(Object.keys(MEDIA_SORTS) as MediaSort[]).map((key) => (
          <MenuItem key={key} value={key}>
            {t(`sort.${key}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('toolbar.origin')}
        value={origin}
        onChange={(e) => onOrigin(e.target.value as MediaOrigin | 'all')}
      >
        <MenuItem value="all">{t('origin.all')}</MenuItem>
        {MEDIA_ORIGINS.map((key) => (
          <MenuItem key={key} value={key}>
            {t(`origin.${key}`)}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: ViewMode | null) => next && onView(next)}
        aria-label={t('toolbar.view')}
      >
        <Tooltip title={t('toolbar.grid')}>
          <ToggleButton value="grid" aria-label={t('toolbar.grid')}>
            <GridViewOutlined fontSize="small" />
          </ToggleButton>
        </Tooltip>
        <Tooltip title={t('toolbar.list')}>
          <ToggleButton value="list" aria-label={t('toolbar.list')}>
            <ViewListOutlined fontSize="small" />
          </ToggleButton>
        </Tooltip>
      </ToggleButtonGroup>
    </Box>
  );
}
