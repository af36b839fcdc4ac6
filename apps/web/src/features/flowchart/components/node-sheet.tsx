import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GraphEdge, GraphNode } from '@stromwerk/contracts/graph';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { FailureNote } from '../../../components/failure-note';
import { SideSheet } from '../../../layout/side-sheet';
import type { Rewire } from '../api/rewire';
import { useLiveNode } from '../model/graph-store';
import { BehaviourField } from './behaviour-field';
import { EncoderSetupButton } from './encoder-setup-button';
import { useGraphStore } from './graph-context';
import { bitrateText, detailText, nodeAriaLabel, stateText } from './node-text';
import { Sparkline } from './sparkline';

const areaPath = { source: 'sources', output: 'players', target: 'targets', media: 'media' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1, py: 0.5 }}>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A node's details and actions (issue 16): start/stop a target, open the player, go to its list. */
export function NodeSheet({
  id,
  edges,
  basePath,
  canWrite,
  blast,
  pending,
  error,
  onRewire,
  onUnbind,
  onClose,
}: {
  id: string | null;
  edges: readonly GraphEdge[];
  basePath: string;
  canWrite: boolean;
  blast: string | null;
  pending: boolean;
  error: unknown;
  onRewire: (change: Rewire) => void;
  onUnbind: (edge: GraphEdge) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('flowchart');
  const store = useGraphStore();
  const node = useLiveNode(store, id ?? '');
  const names = (list: GraphEdge[], end: 'from' | 'to') =>
    list.map((e) => `${store.get(e[end])?.label ?? ''} (${t(`role.${e.role}`)})`).join(', ') ||
    t('sheet.none');
  if (!node)
    return (
      <SideSheet open={false} onClose={onClose} title="">
        {null}
      </SideSheet>
    );
  const incoming = edges.filter((e) => e.to === node.id);
  const outgoing = edges.filter((e) => e.from === node.id);
  const feed = node.kind === 'target' ? incoming.find((e) => e.role === 'feed') : undefined;
  return (
    <SideSheet open onClose={onClose} title={nodeAriaLabel(t, node)} testId="flowchart-sheet">
      <Stack spacing={2} sx={{ p: 2.5 }}>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('sheet.state')}>{stateText(t, node)}</Row>
          {details(node)}
          {node.kind !== 'source' && <Row label={t('sheet.fedBy')}>{names(incoming, 'from')}</Row>}
          {node.kind !== 'target' && <Row label={t('sheet.feeds')}>{names(outgoing, 'to')}</Row>}
          {blast && <Row label={t('sheet.blast')}>{blast}</Row>}
          {(node.kind === 'source' || node.kind === 'target') && (
            <Row label={t('sheet.bitrateHistory')}>
              <Sparkline nodeId={node.id} width={200} height={40} fallback={t('sheet.noSamples')} />
            </Row>
          )}
        </Box>
        {'lastError' in node && node.lastError && node.state !== 'live' && node.state !== 'online' && (
          <FailureNote
            cause={node.lastErrorCause}
            detail={node.lastError}
            label={(error) => t('sheet.lastErrorText', { error })}
          />
        )}
        {node.kind === 'output' && canWrite && (
          <BehaviourField
            value={node.behaviour}
            disabled={pending}
            onChange={(behaviour) => onRewire({ kind: 'behaviour', outputId: node.refId, behaviour })}
          />
        )}
        <ErrorAlert error={error} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {node.kind === 'target' && canWrite && (
            <Button
              variant="contained"
              disabled={pending}
              onClick={() => onRewire({ kind: 'enabled', targetId: node.refId, enabled: !node.enabled })}
            >
              {node.enabled ? t('sheet.stop') : t('sheet.start')}
            </Button>
          )}
          {feed && canWrite && (
            <Button variant="outlined" color="error" disabled={pending} onClick={() => onUnbind(feed)}>
              {t('sheet.disconnect', { name: store.get(feed.from)?.label ?? '' })}
            </Button>
          )}
          {node.kind === 'source' &&
            (node.sourceType === 'rtmp' || node.sourceType === 'srt' || node.sourceType === 'whip') &&
            canWrite && <EncoderSetupButton sourceId={node.refId} />}
          {node.kind === 'source' && node.sourceType === 'whip' && canWrite && (
            <Button variant="outlined" component={RouterLink} to={`${basePath}/sources/${node.refId}/studio`}>
              {t('sheet.goLive')}
            </Button>
          )}
          {node.kind === 'output' && (
            <Button variant="outlined" href={node.playerUrl} target="_blank" rel="noopener">
              {t('sheet.openPlayer')}
            </Button>
          )}
          <Button component={RouterLink} to={`${basePath}/${areaPath[node.kind]}`}>
            {t('sheet.openPage', { area: t(`area.${node.kind}`) })}
          </Button>
        </Stack>
      </Stack>
    </SideSheet>
  );

  function details(node: GraphNode) {
    const detail = detailText(t, node, i18n.language);
    if (node.kind === 'source')
      return (
        <>
          <Row label={t('sheet.type')}>{node.sourceType.toUpperCase()}</Row>
          {detail && <Row label={t('sheet.stream')}>{detail}</Row>}
        </>
      );
    if (node.kind === 'output')
      return (
        <>
          <Row label={t('sheet.viewers')}>{detail.split(' · ')[0]}</Row>
          <Row label={t('sheet.latency')}>{t(`latency.${node.latency}`)}</Row>
        </>
      );
    if (node.kind === 'target')
      return (
        <>
          <Row label={t('sheet.type')}>{node.targetType.toUpperCase()}</Row>
          {detail && <Row label={t('sheet.details')}>{detail}</Row>}
          {node.bitrateKbps ? (
            <Row label={t('sheet.bitrate')}>{bitrateText(node.bitrateKbps, i18n.language)}</Row>
          ) : null}
        </>
      );
    return detail ? <Row label={t('sheet.details')}>{detail}</Row> : null;
  }
}
