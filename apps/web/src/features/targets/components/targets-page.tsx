import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { formatDuration } from '../../../lib/format-stream';
import { type OutputFeed, useOutputFeeds } from '../../../lib/queries/output-feeds';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useSources } from '../../../lib/queries/sources';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useNow } from '../../../lib/use-now';
import { useDeleteTarget } from '../api/delete-target';
import { useTargets } from '../api/list-targets';
import { useUpdateTarget } from '../api/save-target';
import type { TargetItem } from '../api/types';
import { TargetFormDialog } from './target-form-dialog';
import { TargetStateChip } from './target-state-chip';

type Editing = { target: TargetItem | null } | null;

/** Spec section 4 "Live-Stream Targets": where the workspace's feeds are pushed and how that goes. */
export function TargetsPage() {
  const { t } = useTranslation('targets');
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const targets = useTargets(workspaceId || undefined);
  const sources = useSources(workspaceId || undefined);
  const outputFeeds = useOutputFeeds(workspaceId || undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TargetItem | null>(null);
  const remove = useDeleteTarget();

  if (!features.has('targets')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const items = targets.data ?? [];
  const sourceList = sources.data ?? [];
  const outputList = outputFeeds.data ?? [];
  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ target: null })}>
      {t('add')}
    </Button>
  );

  return (
    <Page title={t('title')} subtitle={workspace?.name} actions={addButton}>
      <ErrorAlert error={targets.error} />
      {targets.isPending && workspaceId ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : items.length === 0 && !targets.error ? (
        <Card variant="outlined">
          <EmptyState
            icon={<SendOutlined />}
            title={t('emptyTitle')}
            text={t('emptyText')}
            action={addButton}
          />
        </Card>
      ) : (
        <Box
          component="ul"
          aria-label={t('listLabel')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {items.map((target) => (
            <TargetRow
              key={target.id}
              target={target}
              sources={sourceList}
              outputs={outputList}
              onEdit={() => setEditing({ target })}
              onDelete={() => setDeleting(target)}
            />
          ))}
        </Box>
      )}
      <TargetFormDialog
        open={editing !== null}
        target={editing?.target ?? null}
        sources={sourceList}
        outputs={outputList}
        workspaceId={workspaceId}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        text={t('delete.text', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Page>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
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

function TargetRow({
  target,
  sources,
  outputs,
  onEdit,
  onDelete,
}: {
  target: TargetItem;
  sources: SourceItem[];
  outputs: OutputFeed[];
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
    <Card
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderLeftWidth: 4,
        borderLeftColor: online
          ? 'success.main'
          : target.state === 'not-connected'
            ? 'error.main'
            : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
            <Typography
              id={headingId}
              variant="subtitle1"
              component="h2"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {target.name}
            </Typography>
            <TargetStateChip state={target.state} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t(`type.${target.type}`)} · {t('feed', { name: feed?.name ?? t('noFeed') })}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            gap: 0.5,
          }}
        >
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
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 140px))' },
          gap: 1.5,
          m: 0,
          mt: 1.5,
        }}
      >
        <Stat
          label={t('stats.bitrate')}
          value={online && target.bitrateKbps != null ? `${number.format(target.bitrateKbps)} kbit/s` : dash}
        />
        <Stat
          label={t('stats.uptime')}
          value={online && target.onlineSince ? formatDuration(target.onlineSince, now) : dash}
        />
        <Stat label={t('stats.restarts')} value={number.format(target.restarts)} />
      </Box>
      {target.lastError && (
        <Typography variant="body2" color="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('lastError', { error: describeError(target.lastError, t) })}
        </Typography>
      )}
      <ErrorAlert error={update.error} />
    </Card>
  );
}

/** Turns the common ffmpeg failures into words; anything else is shown as reported. */
function describeError(error: string, t: (key: string) => string): string {
  const text = error.toLowerCase();
  // The server says the same for refused, reset, timed-out and unreachable connections (issue 10).
  if (text.includes('could not connect to the receiver')) return t('errors.unreachable');
  if (text.includes('public internet addresses')) return t('errors.private');
  if (text.includes('connection refused')) return t('errors.refused');
  if (text.includes('timed out') || text.includes('timeout')) return t('errors.timeout');
  if (text.includes('not found') || text.includes('404')) return t('errors.notFound');
  if (
    text.includes('unauthorized') ||
    text.includes('401') ||
    text.includes('403') ||
    text.includes('auth')
  ) {
    return t('errors.auth');
  }
  if (text.includes('name or service not known') || text.includes('resolve')) return t('errors.dns');
  return error;
}
