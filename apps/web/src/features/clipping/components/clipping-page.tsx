import LockOutlined from '@mui/icons-material/LockOutlined';
import MovieCreationOutlined from '@mui/icons-material/MovieCreationOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { MediaPicker } from '../../../components/media-picker';
import { Page } from '../../../components/page';
import { useActiveContext } from '../../../lib/use-active-context';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useMedia } from '../../medias/api/get-media';
import { useOutputs } from '../../outputs/api/list-outputs';
import type { OutputItem as Output } from '../../outputs/api/types';
import { useDvr } from '../api/dvr';
import { useMarkers } from '../api/markers';
import type { ClipSource } from '../clip-range';
import { ClipEditor } from './clip-editor';
import { hasDvr, isLive, OutputPicker } from './output-picker';

type Kind = 'output' | 'media';

/**
 * Issue 14 "Clipping Tool": clips from a player's DVR window (while live or after) or from any media of
 * the library. The chosen source sits in the address (`?output=` / `?media=`), so a clip can be linked.
 */
export function ClippingPage() {
  const { t } = useTranslation('clipping');
  const { workspace, params } = useActiveContext();
  const features = useAvailableFeatures();
  const workspaceId = params.workspaceId ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const outputId = searchParams.get('output');
  const mediaId = searchParams.get('media');
  const kind: Kind = mediaId || searchParams.get('from') === 'media' ? 'media' : 'output';

  if (!features.has('clipping')) {
    return (
      <Page title={t('title')} subtitle={workspace?.name}>
        <EmptyState icon={<LockOutlined />} title={t('notAvailable')} />
      </Page>
    );
  }

  const choose = (next: { output?: string; media?: string; from?: Kind }) =>
    setSearchParams(
      () => {
        const updated = new URLSearchParams();
        if (next.output) updated.set('output', next.output);
        if (next.media) updated.set('media', next.media);
        if (next.from === 'media' && !next.media) updated.set('from', 'media');
        return updated;
      },
      { replace: true },
    );
  const libraryPath = `/${params.corporationId}/${params.workspaceId}/media?origin=clip`;

  return (
    <Page title={t('title')} subtitle={workspace?.name} maxWidth={1400}>
      <Tabs
        value={kind}
        onChange={(_event, next: Kind) => choose({ from: next })}
        aria-label={t('source.kind')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="output" label={t('source.fromPlayer')} id="clip-tab-output" aria-controls="clip-panel" />
        <Tab value="media" label={t('source.fromMedia')} id="clip-tab-media" aria-controls="clip-panel" />
      </Tabs>
      <Box
        role="tabpanel"
        id="clip-panel"
        aria-labelledby={`clip-tab-${kind}`}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        <Box sx={{ maxWidth: 560 }}>
          {kind === 'output' ? (
            <OutputPicker
              workspaceId={workspaceId}
              value={outputId}
              onChange={(output) => choose(output ? { output: output.id } : {})}
            />
          ) : (
            <MediaPicker
              workspaceId={workspaceId}
              label={t('source.media')}
              value={mediaId ?? ''}
              onChange={(id) => choose(id ? { media: id } : { from: 'media' })}
            />
          )}
        </Box>
        {kind === 'output' && outputId ? (
          <OutputClipping
            outputId={outputId}
            workspaceId={workspaceId}
            libraryPath={libraryPath}
            playersPath={`/${params.corporationId}/${params.workspaceId}/players`}
          />
        ) : kind === 'media' && mediaId ? (
          <MediaClipping mediaId={mediaId} workspaceId={workspaceId} libraryPath={libraryPath} />
        ) : (
          <EmptyState icon={<MovieCreationOutlined />} title={t('emptyTitle')} text={t('emptyText')} />
        )}
      </Box>
    </Page>
  );
}

function OutputClipping({
  outputId,
  workspaceId,
  libraryPath,
  playersPath,
}: {
  outputId: string;
  workspaceId: string;
  libraryPath: string;
  playersPath: string;
}) {
  const { t } = useTranslation('clipping');
  const outputs = useOutputs(workspaceId);
  const output: Output | undefined = outputs.data?.find((o) => o.id === outputId);
  const dvrPossible = output ? hasDvr(output) : false;
  const dvr = useDvr(dvrPossible ? outputId : null);
  const markers = useMarkers(dvrPossible ? outputId : null);
  // The playlist address carries a viewer token that the window's refreshes renew: the player keeps the
  // first one and takes the newest only when it has to start over.
  const latest = useRef<string | null>(null);
  latest.current = dvr.data?.hlsUrl ?? latest.current;
  const firstSrc = useRef<{ id: string; src: string } | null>(null);
  if (dvr.data?.hlsUrl && firstSrc.current?.id !== outputId)
    firstSrc.current = { id: outputId, src: dvr.data.hlsUrl };
  const latestSrc = useCallback(() => latest.current, []);

  if (outputs.isPending) return <CircularProgress aria-label={t('source.loading')} />;
  if (!output)
    return <ErrorAlert error={outputs.error} message={outputs.error ? undefined : t('source.gone')} />;
  if (!dvrPossible)
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={playersPath} color="inherit" size="small">
            {t('source.openPlayers')}
          </Button>
        }
      >
        {t('source.noDvrLong', { name: output.name })}
      </Alert>
    );
  if (dvr.isPending) return <CircularProgress aria-label={t('source.loading')} />;
  if (!dvr.data) return <ErrorAlert error={dvr.error} />;
  const data = dvr.data;
  const src = firstSrc.current?.id === outputId ? firstSrc.current.src : null;
  const window =
    data.windowStart && data.windowEnd
      ? { start: new Date(data.windowStart).getTime(), end: new Date(data.windowEnd).getTime() }
      : null;
  const source: ClipSource = {
    kind: 'output',
    id: output.id,
    name: output.name,
    live: data.live,
    segmentSeconds: data.segmentSeconds,
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {data.live ? (
          <Chip size="small" color="error" label={t('source.live')} />
        ) : (
          <Chip size="small" variant="outlined" label={t('source.offAir')} />
        )}
        <Chip size="small" variant="outlined" label={t(`source.dvr.${data.latency}`)} />
      </Box>
      {!src ? (
        <Alert severity="info">{t(isLive(output) ? 'source.dvrEmptyLive' : 'source.dvrEmpty')}</Alert>
      ) : (
        <ClipEditor
          source={source}
          src={src}
          latestSrc={latestSrc}
          window={window}
          gaps={data.gaps.map((g) => ({
            start: new Date(g.start).getTime(),
            end: new Date(g.end).getTime(),
          }))}
          markers={(markers.data ?? []).map((m) => ({
            id: m.id,
            at: new Date(m.at).getTime(),
            label: m.label,
          }))}
          workspaceId={workspaceId}
          libraryPath={libraryPath}
        />
      )}
    </Box>
  );
}

function MediaClipping({
  mediaId,
  workspaceId,
  libraryPath,
}: {
  mediaId: string;
  workspaceId: string;
  libraryPath: string;
}) {
  const { t } = useTranslation('clipping');
  const media = useMedia(mediaId);
  if (media.isPending) return <CircularProgress aria-label={t('source.loading')} />;
  if (!media.data) return <ErrorAlert error={media.error} />;
  const data = media.data;
  const source: ClipSource = {
    kind: 'media',
    id: data.id,
    name: data.name,
    durationMs: data.durationMs ?? 0,
  };
  return (
    <ClipEditor
      source={source}
      src={data.links.original}
      window={data.durationMs ? { start: 0, end: data.durationMs } : null}
      markers={[]}
      workspaceId={workspaceId}
      libraryPath={libraryPath}
    />
  );
}
