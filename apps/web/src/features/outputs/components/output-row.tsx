import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import OpenInNew from '@mui/icons-material/OpenInNew';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { ListRow, ListStat, ListStats } from '../../../components/list-row';
import { useFormat } from '../../../lib/format';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useOutputStatistics } from '../api/output-statistics';
import type { OutputItem } from '../api/types';
import { OutputInputChip } from './output-input-chip';

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
    <ListRow
      headingId={headingId}
      title={output.name}
      badges={
        <>
          <OutputInputChip input={output.input} />
          {output.recording && (
            <Tooltip title={t('recordingOn')}>
              <FiberManualRecord color="error" sx={{ fontSize: 14 }} titleAccess={t('recordingOn')} />
            </Tooltip>
          )}
        </>
      }
      selectLabel={t('select', { name: output.name })}
      selected={selected}
      onToggle={onToggle}
      accent={live.has(output.input) ? 'success.main' : 'divider'}
      actions={
        <>
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
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('ingests', {
          main: sourceName(output.mainSourceId),
          backup: sourceName(output.backupSourceId),
        })}
      </Typography>
      <ListStats columns={{ xs: 2, sm: 'repeat(4, minmax(0, 150px))' }}>
        <ListStat
          label={t('stats.currentViewers')}
          value={statistics.data ? format.number(statistics.data.currentViewers) : dash}
        />
        <ListStat label={t('fields.behaviour')} value={t(`behaviour.${output.behaviour}`)} />
        <ListStat label={t('fields.latency')} value={t(`latency.${output.latency}`)} />
        <ListStat label={t('commentsLabel')} value={comments} />
      </ListStats>
    </ListRow>
  );
}
