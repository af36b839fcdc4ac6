import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import OpenInNew from '@mui/icons-material/OpenInNew';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { useFormat } from '../../../lib/format';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useOutputStatistics } from '../api/output-statistics';
import type { OutputItem } from '../api/types';
import { OutputInputChip } from './output-input-chip';
import { Stat } from './output-share-dialog';

const live = new Set(['main', 'backup']);

export function OutputRow({
  output,
  sources,
  selected,
  onToggle,
  onShare,
  onEdit,
  onDelete,
}: {
  output: OutputItem;
  sources: SourceItem[];
  selected: boolean;
  onToggle: () => void;
  onShare: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('outputs');
  const format = useFormat();
  const statistics = useOutputStatistics(output.id);
  const sourceName = (id: string | null) =>
    id ? (sources.find((s) => s.id === id)?.name ?? t('unknownSource')) : t('form.none');
  const headingId = `output-${output.id}`;
  const dash = '–';
  const comments = output.commentsEnabled ? t(`moderation.${output.moderation}`) : t('commentsOff');
  return (
    <Card
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: { xs: 1, sm: 1.5 },
        p: { xs: 1.5, sm: 2 },
        borderLeftWidth: 4,
        borderLeftColor: live.has(output.input) ? 'success.main' : 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Checkbox
        checked={selected}
        onChange={onToggle}
        sx={{ mt: -0.5, ml: -0.5 }}
        slotProps={{ input: { 'aria-label': t('select', { name: output.name }) } }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
          <Typography
            id={headingId}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {output.name}
          </Typography>
          <OutputInputChip input={output.input} />
          {output.recording && (
            <Tooltip title={t('recordingOn')}>
              <FiberManualRecord color="error" sx={{ fontSize: 14 }} titleAccess={t('recordingOn')} />
            </Tooltip>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('ingests', {
            main: sourceName(output.mainSourceId),
            backup: sourceName(output.backupSourceId),
          })}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 150px))' },
            gap: 1.5,
            m: 0,
            mt: 1.5,
          }}
        >
          <Stat
            label={t('stats.currentViewers')}
            value={statistics.data ? format.number(statistics.data.currentViewers) : dash}
          />
          <Stat label={t('fields.behaviour')} value={t(`behaviour.${output.behaviour}`)} />
          <Stat label={t('fields.latency')} value={t(`latency.${output.latency}`)} />
          <Stat label={t('commentsLabel')} value={comments} />
        </Box>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          gap: 0.5,
          flexShrink: 0,
          maxWidth: { xs: 96, sm: 'none' },
        }}
      >
        <Tooltip title={t('share.action')}>
          <IconButton aria-label={t('share.actionFor', { name: output.name })} onClick={onShare}>
            <ShareOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('share.open')}>
          <IconButton
            component="a"
            href={output.playerUrl}
            target="_blank"
            rel="noopener"
            aria-label={t('share.openFor', { name: output.name })}
          >
            <OpenInNew />
          </IconButton>
        </Tooltip>
        <EditDeleteButtons
          editTooltip={t('edit')}
          editLabel={t('editFor', { name: output.name })}
          deleteTooltip={t('delete.action')}
          deleteLabel={t('delete.actionFor', { name: output.name })}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </Box>
    </Card>
  );
}
