import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import ContentCut from '@mui/icons-material/ContentCut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '@stromwerk/client/api-error';
import type { Revived } from '@stromwerk/client/dates';
import type { CreateClipResult } from '@stromwerk/contracts/clips';
import type { clipModes } from '@stromwerk/contracts/values';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/error-alert';
import { useFormat } from '../../../lib/format';
import { errorText, type Message } from '../../../lib/forms/messages';
import { useCreateClip } from '../api/create-clip';
import { useAddMarker } from '../api/markers';
import {
  availableWindow,
  type ClipOptions,
  type ClipRange,
  type ClipSource,
  clipBody,
  durationOf,
  emptyRange,
  formatOffset,
  formatSeconds,
  type Gap,
  gapOfError,
  QUICK_SECONDS,
  quickRange,
  setIn,
  setOut,
  stepMs,
} from '../clip-range';
import { ClipAccuracy } from './clip-accuracy';
import { type Field, serverFieldErrors } from './clip-fields';
import { clipFormErrors } from './clip-form-errors';
import { ClipRangeSummary } from './clip-range-summary';
import { ClipResults } from './clip-results';
import { ClipTimeline, type TimelineMarker } from './clip-timeline';
import { MarkersPanel } from './markers-panel';
import { useClipKeys } from './use-clip-keys';
import { useClipPlayer } from './use-clip-player';

type ClipMode = (typeof clipModes)[number];

/**
 * The Clipping Tool's editor for one source: the video, In and Out (buttons and the I / O keys at the
 * playhead, ←/→ a frame, Shift+←/→ a segment), the timeline, markers (M), and the clip's name, mode and
 * auto-delete date. Creating shows the new media and its job below.
 */
export function ClipEditor({
  source,
  src,
  latestSrc,
  window: range0,
  gaps = [],
  markers,
  workspaceId,
  libraryPath,
}: {
  source: ClipSource;
  src: string | null;
  latestSrc?: () => string | null;
  /** What can be clipped now, on the editor's axis; null while unknown. */
  window: { start: number; end: number } | null;
  /** Where the DVR window holds nothing (the stream was off); none for a media. */
  gaps?: Gap[];
  markers: TimelineMarker[];
  workspaceId: string;
  libraryPath: string;
}) {
  const { t, i18n } = useTranslation('clipping');
  const format = useFormat();
  const videoRef = useRef<HTMLVideoElement>(null);
  const player = useClipPlayer(videoRef, source, src, latestSrc);
  const [range, setRange] = useState<ClipRange>(emptyRange);
  const [name, setName] = useState<string | null>(null);
  const [mode, setMode] = useState<ClipMode>('both');
  const [autoDeleteAt, setAutoDeleteAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string | Message>>>({});
  const [created, setCreated] = useState<Revived<CreateClipResult>[]>([]);
  const create = useCreateClip();
  const addMarker = useAddMarker(source.kind === 'output' ? source.id : null);
  const dvr = source.kind === 'output';
  const live = source.kind === 'output' && source.live;

  const clock = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        fractionalSecondDigits: 1,
      }),
    [i18n.language],
  );
  const formatAt = useCallback(
    (at: number) => (dvr ? clock.format(new Date(at)) : formatOffset(at)),
    [dvr, clock],
  );

  // A new source starts a new clip.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the source changes
  useEffect(() => {
    setRange(emptyRange);
    setName(null);
    setErrors({});
    create.reset();
  }, [source.kind, source.id]);

  const playhead = useCallback(() => player.read() ?? player.position, [player]);

  const markIn = useCallback(
    (at = playhead()) => {
      if (at === null) return;
      setRange((r) => setIn(r, at));
      setErrors((e) => ({ ...e, in: undefined, out: undefined }));
    },
    [playhead],
  );
  const markOut = useCallback(
    (at = playhead()) => {
      if (at === null) return;
      setRange((r) => setOut(r, at));
      setErrors((e) => ({ ...e, in: undefined, out: undefined }));
    },
    [playhead],
  );
  const mark = useCallback(() => {
    if (!dvr) return;
    const at = playhead();
    addMarker.mutate(at === null ? {} : { at: new Date(Math.round(at)).toISOString() });
  }, [dvr, playhead, addMarker]);
  const step = useCallback(
    (direction: 1 | -1, segment: boolean) => {
      const at = playhead();
      if (at === null) return;
      videoRef.current?.pause();
      player.seek(at + direction * stepMs(source, segment));
    },
    [playhead, player, source],
  );

  useClipKeys({ markIn, markOut, mark: dvr ? mark : null, step });

  const defaultName = () => {
    const at = range.inAt ?? playhead();
    const time = at === null ? '' : dvr ? clock.format(new Date(at)) : formatOffset(at);
    return t('form.defaultName', { source: source.name, time }).trim();
  };
  const options: ClipOptions = { name: name ?? defaultName(), mode, autoDeleteAt };

  const submit = () => {
    const body = clipBody(source, range, options);
    const found = clipFormErrors(body, range, gaps, formatAt);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (result) => {
        setCreated((list) => [result, ...list]);
        setName(null);
      },
      onError: (error) => {
        // Range refusals are explained above the button, with the window; the rest names its fields.
        const code = error instanceof ApiError ? error.code : undefined;
        if (code === 'CLIP_RANGE_UNAVAILABLE' || code === 'CLIP_TOO_EARLY') return setErrors({});
        setErrors(serverFieldErrors(error));
      },
    });
  };

  const duration = durationOf(range);
  const describe = (error: string | Message | undefined) => (error ? errorText(t, error) : undefined);
  const rangeError = create.error instanceof ApiError ? create.error : null;
  const unavailable =
    rangeError?.code === 'CLIP_RANGE_UNAVAILABLE' ? availableWindow(rangeError, range0) : null;
  const refusedGap = rangeError?.code === 'CLIP_RANGE_UNAVAILABLE' ? gapOfError(rangeError) : null;
  const position = player.position;
  const timelineWindow = range0
    ? { start: range0.start, end: Math.max(range0.end, live && position !== null ? position : range0.end) }
    : null;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0, alignContent: 'start' }}>
        <Box
          component="video"
          ref={videoRef}
          controls
          playsInline
          muted
          aria-label={t('video.label', { name: source.name })}
          data-testid="clip-video"
          sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 1, display: 'block' }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button
            variant="outlined"
            onClick={() => markIn()}
            disabled={position === null}
            aria-keyshortcuts="I"
          >
            {t('range.setIn')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => markOut()}
            disabled={position === null}
            aria-keyshortcuts="O"
          >
            {t('range.setOut')}
          </Button>
          {dvr && (
            <Button
              variant="outlined"
              startIcon={<BookmarkAddOutlined />}
              onClick={mark}
              disabled={addMarker.isPending || (position === null && !live)}
              aria-keyshortcuts="M"
            >
              {t('markers.add')}
            </Button>
          )}
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontVariantNumeric: 'tabular-nums', ml: 'auto' }}
          >
            {position !== null ? t('video.playhead', { time: formatAt(position) }) : t('video.loading')}
          </Typography>
        </Box>
        {live && (
          <Box role="group" aria-label={t('quick.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {QUICK_SECONDS.map((seconds) => (
              <Button
                key={seconds}
                size="small"
                variant={range.lastSeconds === seconds ? 'contained' : 'text'}
                aria-pressed={range.lastSeconds === seconds}
                onClick={() => {
                  setRange(quickRange(seconds, Date.now()));
                  setErrors({});
                }}
              >
                {t(`quick.s${seconds}`)}
              </Button>
            ))}
          </Box>
        )}
        {timelineWindow ? (
          <ClipTimeline
            start={timelineWindow.start}
            end={timelineWindow.end}
            inAt={range.inAt}
            outAt={range.outAt}
            position={position}
            markers={markers}
            gaps={gaps}
            format={formatAt}
            onSeek={player.seek}
          />
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {t(dvr ? 'help.keysDvr' : 'help.keys')}
        </Typography>
        {dvr && (
          <MarkersPanel
            outputId={source.id}
            markers={markers}
            format={formatAt}
            onSeek={player.seek}
            onClipFrom={(at) => {
              markIn(at);
              player.seek(at);
            }}
          />
        )}
        <ErrorAlert error={addMarker.error} />
      </Box>

      <Box
        component="form"
        noValidate
        aria-labelledby="clip-form-heading"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}
      >
        <Typography
          id="clip-form-heading"
          variant="h3"
          component="h2"
          sx={{ fontSize: '1.1rem', fontWeight: 600 }}
        >
          {t('form.title')}
        </Typography>
        <Card variant="outlined" sx={{ p: 1.5 }}>
          <ClipRangeSummary
            inText={
              range.lastSeconds !== null
                ? t('range.lastSeconds', { count: range.lastSeconds })
                : range.inAt !== null
                  ? formatAt(range.inAt)
                  : '–'
            }
            outText={
              range.lastSeconds !== null ? t('range.now') : range.outAt !== null ? formatAt(range.outAt) : '–'
            }
            windowText={
              dvr && range0
                ? t('range.window', {
                    date: format.date(new Date(range0.start)),
                    start: formatAt(range0.start),
                    end: formatAt(range0.end),
                  }) +
                  (gaps.length > 0
                    ? ` ${t('range.gaps', {
                        count: gaps.length,
                        list: gaps.map((g) => `${formatAt(g.start)}–${formatAt(g.end)}`).join(', '),
                      })}`
                    : '')
                : null
            }
            durationText={duration !== null && duration > 0 ? formatSeconds(duration, i18n.language) : '–'}
          />
          {(errors.in || errors.out) && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
              {[describe(errors.in), describe(errors.out)].filter(Boolean).join(' ')}
            </Typography>
          )}
        </Card>
        <TextField
          label={t('form.name')}
          value={options.name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={describe(errors.name)}
          fullWidth
        />
        <ClipAccuracy source={source} range={range} mode={mode} onMode={setMode} format={formatAt} />
        <DateTimeField
          label={t('form.autoDelete')}
          value={autoDeleteAt}
          onChange={setAutoDeleteAt}
          error={Boolean(errors.autoDeleteAt)}
          helperText={describe(errors.autoDeleteAt) ?? t('form.autoDeleteHelp')}
        />
        {create.error && (
          <ErrorAlert
            error={create.error}
            message={
              refusedGap
                ? t('range.inGap', { start: formatAt(refusedGap.start), end: formatAt(refusedGap.end) })
                : unavailable
                  ? t('errors.rangeUnavailable', {
                      start: formatAt(unavailable.start),
                      end: formatAt(unavailable.end),
                    })
                  : rangeError?.code === 'CLIP_TOO_EARLY'
                    ? t('errors.tooEarly')
                    : undefined
            }
          />
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<ContentCut />}
          disabled={create.isPending}
        >
          {t('form.create')}
        </Button>
        <ClipResults created={created} workspaceId={workspaceId} libraryPath={libraryPath} />
      </Box>
    </Box>
  );
}
