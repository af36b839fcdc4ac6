import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { ErrorAlert } from '../../../components/error-alert';
import { FailureNote } from '../../../components/failure-note';
import { ListRow, ListStat, ListStats } from '../../../components/list-row';
import { formatDuration } from '../../../lib/format-stream';
import type { OutputFeed } from '../../../lib/queries/output-feeds';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useNow } from '../../../lib/use-now';
import { useUpdateTarget } from '../api/save-target';
import type { TargetItem } from '../api/types';
import { TargetStateChip } from './target-state-chip';

/** One target: its feed, state, numbers, an on/off switch; selectable for the list's bulk actions. */
export function TargetRow({
  target,
  sources,
  outputs,
  selected,
  onToggle,
  onEdit,
  onDelete,
}: {
  target: TargetItem;
  sources: SourceItem[];
  outputs: OutputFeed[];
  selected: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('targets');
  const now = useNow(1000);
  const update = useUpdateTarget();
  const feed = sources.find((s) => s.id === target.sourceId) ?? outputs.find((o) => o.id === target.outputId);
  const online = target.state === 'online';
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const headingId = `target-${target.id}`;
  const enabled =
    update.isPending && update.variables ? Boolean(update.variables.body.enabled) : target.enabled;
  const dash = '–';
  return (
    <ListRow
      headingId={headingId}
      title={target.name}
      badges={<TargetStateChip state={target.state} />}
      selectLabel={t('select', { name: target.name })}
      selected={selected}
      onToggle={onToggle}
      accent={online ? 'success.main' : target.state === 'not-connected' ? 'error.main' : 'divider'}
      actions={
        <>
          <Tooltip title={enabled ? t('enabled') : t('disabled')}>
            <Switch
              checked={enabled}
              onChange={(e) => update.mutate({ id: target.id, body: { enabled: e.target.checked } })}
              slotProps={{ input: { 'aria-label': t('enableFor', { name: target.name }) } }}
            />
          </Tooltip>
          <EditDeleteButtons
            editTooltip={t('edit')}
            editLabel={t('editFor', { name: target.name })}
            deleteTooltip={t('delete.action')}
            deleteLabel={t('delete.actionFor', { name: target.name })}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </>
      }
      footer={
        <>
          <ListStats columns={{ xs: 3, sm: 'repeat(3, minmax(0, 140px))' }}>
            <ListStat
              label={t('stats.bitrate')}
              value={
                online && target.bitrateKbps != null ? `${number.format(target.bitrateKbps)} kbit/s` : dash
              }
            />
            <ListStat
              label={t('stats.uptime')}
              value={online && target.onlineSince ? formatDuration(target.onlineSince, now) : dash}
            />
            <ListStat label={t('stats.restarts')} value={number.format(target.restarts)} />
          </ListStats>
          {target.lastError && (
            <FailureNote
              cause={target.lastErrorCause}
              detail={target.lastError}
              label={(error) => t('lastError', { error })}
            />
          )}
          <ErrorAlert error={update.error} />
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t(`type.${target.type}`)} · {t('feed', { name: feed?.name ?? t('noFeed') })}
        {target.platformLive?.url && (
          <>
            {' · '}
            <Link href={target.platformLive.url} target="_blank" rel="noopener noreferrer">
              {t('platform.watch')}
            </Link>
          </>
        )}
      </Typography>
    </ListRow>
  );
}
