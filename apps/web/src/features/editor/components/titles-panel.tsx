import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Timeline } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';
import { addTitle, removeOverlay, type TimelineIssues, textOverlays, updateOverlay } from '../timeline-edit';
import { SecondsField } from './seconds-field';

const PRESETS = ['title', 'lower-third'] as const;

/** Text overlays on the output timeline: the words, their style, when they start and how long they stay. */
export function TitlesPanel({
  timeline,
  edit,
  issues,
}: {
  timeline: Timeline;
  edit: (edit: (t: Timeline) => Timeline) => void;
  issues: TimelineIssues;
}) {
  const { t } = useTranslation('editor');
  const titles = textOverlays(timeline);
  return (
    <Box component="section" aria-labelledby="titles-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="titles-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('titles.label')}
      </Typography>
      {titles.length === 0 ? (
        <Typography color="text.secondary">{t('titles.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
          {titles.map((title) => (
            <Box
              component="li"
              key={title.id}
              aria-label={title.text}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
            >
              <TextField
                size="small"
                label={t('titles.text')}
                value={title.text}
                error={!title.text.trim()}
                onChange={(e) => edit((c) => updateOverlay(c, title.id, { text: e.target.value }))}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                sx={{ flex: '1 1 220px' }}
              />
              <TextField
                select
                size="small"
                label={t('titles.preset')}
                value={title.preset}
                onChange={(e) =>
                  edit((c) =>
                    updateOverlay(c, title.id, { preset: e.target.value as (typeof PRESETS)[number] }),
                  )
                }
                sx={{ width: 170 }}
              >
                {PRESETS.map((preset) => (
                  <MenuItem key={preset} value={preset}>
                    {t(`titles.presets.${preset}`)}
                  </MenuItem>
                ))}
              </TextField>
              <SecondsField
                label={t('titles.start')}
                valueMs={title.atMs}
                onChangeMs={(atMs) => edit((c) => updateOverlay(c, title.id, { atMs }))}
                width={110}
              />
              <SecondsField
                label={t('titles.duration')}
                valueMs={title.durationMs}
                min={0.1}
                error={issues.titleTooShort.has(title.id)}
                onChangeMs={(durationMs) => edit((c) => updateOverlay(c, title.id, { durationMs }))}
                width={110}
              />
              <Tooltip title={t('titles.remove', { text: title.text })}>
                <IconButton
                  aria-label={t('titles.remove', { text: title.text })}
                  onClick={() => edit((c) => removeOverlay(c, title.id))}
                >
                  <DeleteOutlined />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      <Box>
        <Button startIcon={<Add />} onClick={() => edit((c) => addTitle(c, t('titles.newText')))}>
          {t('titles.add')}
        </Button>
      </Box>
    </Box>
  );
}
