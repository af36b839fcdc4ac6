import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { FailureNote } from '../../../components/failure-note';
import { ListRow } from '../../../components/list-row';
import { useFormat } from '../../../lib/format';
import { formatRelative, formatStreamInfo } from '../../../lib/format-stream';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useNow } from '../../../lib/use-now';
import { studioPath } from '../studio-path';
import { SourcePreview } from './source-preview';
import { SourceStateChip } from './source-state-chip';

export function SourceRow({
  source,
  selected,
  onToggle,
  onEdit,
  onDelete,
  onEncoder,
}: {
  source: SourceItem;
  selected: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onEncoder: () => void;
}) {
  const { t, i18n } = useTranslation('sources');
  const now = useNow(5000);
  const info = formatStreamInfo(source.streamInfo, i18n.language);
  const live = source.state === 'live';
  const hasEncoder = source.type === 'rtmp' || source.type === 'srt' || source.type === 'whip';
  const headingId = `source-${source.id}`;
  return (
    <ListRow
      headingId={headingId}
      title={source.name}
      badges={
        <>
          <SourceStateChip state={source.state} />
          {source.recording && (
            <Tooltip title={t('recordingOn')}>
              <FiberManualRecord color="error" sx={{ fontSize: 14 }} titleAccess={t('recordingOn')} />
            </Tooltip>
          )}
        </>
      }
      selectLabel={t('select', { name: source.name })}
      selected={selected}
      onToggle={onToggle}
      accent={live ? 'success.main' : 'divider'}
      aside={<SourcePreview sourceId={source.id} name={source.name} live={live} />}
      actions={
        <>
          {source.type === 'whip' && (
            <Tooltip title={t('encoder.goLive')}>
              <IconButton
                component={RouterLink}
                to={studioPath(source)}
                aria-label={t('encoder.goLiveFor', { name: source.name })}
              >
                <SensorsOutlined />
              </IconButton>
            </Tooltip>
          )}
          {hasEncoder && (
            <Tooltip title={t('encoder.open')}>
              <IconButton aria-label={t('encoder.openFor', { name: source.name })} onClick={onEncoder}>
                <VideocamOutlined />
              </IconButton>
            </Tooltip>
          )}
          <EditDeleteButtons
            editTooltip={t('edit')}
            editLabel={t('editFor', { name: source.name })}
            deleteTooltip={t('delete.action')}
            deleteLabel={t('delete.actionFor', { name: source.name })}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {[
          t(`type.${source.type}`),
          source.type === 'rtmp' || source.type === 'srt' ? t(`endpoint.${source.endpoint}`) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {live && (
        <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
          {info && (
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="stream-info">
              {info}
            </Box>
          )}
          {source.streamStart && (
            <Box component="span" color="text.secondary">
              {t('liveSince', { time: formatRelative(source.streamStart, now, i18n.language) })}
            </Box>
          )}
        </Typography>
      )}
      <SourceSchedule source={source} now={now} />
      {source.lastError && (
        <FailureNote
          cause={source.lastErrorCause}
          detail={source.lastError}
          label={(error) => t('lastError', { error })}
        />
      )}
    </ListRow>
  );
}

/**
 * When a scheduled source starts and when its maintenance window is, as real times in the user's
 * language with a countdown that moves (issue 13.4).
 */
function SourceSchedule({ source, now }: { source: SourceItem; now: number }) {
  const { t, i18n } = useTranslation('sources');
  const format = useFormat();
  const relative = (time: Date | string) => formatRelative(time, now, i18n.language);
  const { maintenanceStart: start, maintenanceEnd: end } = source;
  let text: string | null = null;
  if (source.state === 'scheduled' && source.scheduledStart)
    text = t('startsAt', {
      date: format.dateTime(source.scheduledStart),
      time: relative(source.scheduledStart),
    });
  else if (source.state === 'maintenance' && end)
    text = t('maintenanceUntil', { date: format.dateTime(end), time: relative(end) });
  else if (start && end && new Date(start).getTime() > now)
    text = t('maintenancePlanned', {
      start: format.dateTime(start),
      end: format.dateTime(end),
      time: relative(start),
    });
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      {text}
    </Typography>
  );
}
