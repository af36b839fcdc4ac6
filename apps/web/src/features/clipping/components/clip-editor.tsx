import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import ContentCut from '@mui/icons-material/ContentCut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '@stromwerk/client/api-error';
import type { Revived } from '@stromwerk/client/dates';
import { type CreateClipResult, createClipBodySchema } from '@stromwerk/contracts/clips';
import { CLIP_MAX_SECONDS } from '@stromwerk/contracts/limits';
import type { clipModes } from '@stromwerk/contracts/values';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/error-alert';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { useFormat } from '../../../lib/format';
import { errorText, type Message } from '../../../lib/forms/messages';
import { schemaErrors } from '../../../lib/forms/schema-errors';
import { useCreateClip } from '../api/create-clip';
import { useAddMarker } from '../api/markers';
import {
  type ClipOptions,
  type ClipRange,
  type ClipSource,
  clipBody,
  durationOf,
  emptyRange,
  formatOffset,
  formatSeconds,
  isTypingTarget,
  QUICK_SECONDS,
  quickRange,
  setIn,
  setOut,
  stepMs,
} from '../clip-range';
import { ClipResult } from './clip-result';
import { ClipTimeline, type TimelineMarker } from './clip-timeline';
import { MarkersPanel } from './markers-panel';
import { OpenInEditor } from './open-in-editor';
import { useClipPlayer } from './use-clip-player';

type Field = 'in' | 'out' | 'name' | 'autoDeleteAt';
type ClipMode = (typeof clipModes)[number];

const fieldOf = (path: string): Field | undefined => {
  if (path === 'from' || path === 'inMs') return 'in';
  if (path === 'to' || path === 'outMs' || path === 'lastSeconds') return 'out';
  if (path === 'name' || path === 'autoDeleteAt') return path;
  return undefined;
};

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
  markers,
  workspaceId,
  libraryPath,
}: {
  source: ClipSource;
  src: string | null;
  latestSrc?: () => string | null;
  /** What can be clipped now, on the editor's axis; null while unknown. */
  window: { start: number; end: number } | null;
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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'i') markIn();
      else if (key === 'o') markOut();
      else if (key === 'm' && dvr) mark();
      else if (event.key === 'ArrowLeft') step(-1, event.shiftKey);
      else if (event.key === 'ArrowRight') step(1, event.shiftKey);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [markIn, markOut, mark, step, dvr]);

  const defaultName = () => {
    const at = range.inAt ?? playhead();
    const time = at === null ? '' : dvr ? clock.format(new Date(at)) : formatOffset(at);
    return t('form.defaultName', { source: source.name, time }).trim();
  };
  const options: ClipOptions = { name: name ?? defaultName(), mode, autoDeleteAt };

  const submit = () => {
    const body = clipBody(source, range, options);
    const found = schemaErrors(createClipBodySchema, body, {
      fieldOf,
      words: (field, issue) => {
        if (field === 'in') return range.inAt === null ? 'range.inMissing' : 'range.invalid';
        if (field === 'out') {
          if (range.outAt === null && range.lastSeconds === null) return 'range.outMissing';
          return (durationOf(range) ?? 0) > CLIP_MAX_SECONDS * 1000
            ? { key: 'range.tooLong', values: { count: CLIP_MAX_SECONDS / 3600 } }
            : 'range.outBeforeIn';
        }
        if (field === 'autoDeleteAt' && issue.code === 'custom') return 'form.autoDeleteFuture';
        return undefined;
      },
    });
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
        const server = fieldErrorsOf(error);
        const next: Partial<Record<Field, string>> = {};
        for (const [path, text] of Object.entries(server)) {
          const field = fieldOf(path);
          if (field) next[field] = text;
        }
        setErrors(next);
      },
    });
  };

  const duration = durationOf(range);
  const describe = (error: string | Message | undefined) => (error ? errorText(t, error) : undefined);
  const rangeError = create.error instanceof ApiError ? create.error : null;
  const unavailable =
    rangeError?.code === 'CLIP_RANGE_UNAVAILABLE' ? availableWindow(rangeError, range0) : null;
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
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('range.in')}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
              data-testid="clip-in"
            >
              {range.lastSeconds !== null
                ? t('range.lastSeconds', { count: range.lastSeconds })
                : range.inAt !== null
                  ? formatAt(range.inAt)
                  : '–'}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('range.out')}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
              data-testid="clip-out"
            >
              {range.lastSeconds !== null
                ? t('range.now')
                : range.outAt !== null
                  ? formatAt(range.outAt)
                  : '–'}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('range.duration')}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
              data-testid="clip-duration"
            >
              {duration !== null && duration > 0 ? formatSeconds(duration, i18n.language) : '–'}
            </Typography>
          </Box>
          {(errors.in || errors.out) && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
              {[describe(errors.in), describe(errors.out)].filter(Boolean).join(' ')}
            </Typography>
          )}
          {dvr && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {range0
                ? t('range.window', {
                    date: format.date(new Date(range0.start)),
                    start: formatAt(range0.start),
                    end: formatAt(range0.end),
                  })
                : ''}
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
        <FormControl>
          <FormLabel id="clip-mode-label">{t('form.mode')}</FormLabel>
          <RadioGroup
            aria-labelledby="clip-mode-label"
            value={mode}
            onChange={(_, value) => setMode(value as ClipMode)}
          >
            {(['both', 'fast', 'exact'] as const).map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={t(`form.modes.${value}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
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
              unavailable
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
        {created.length > 0 && (
          <Box component="section" aria-labelledby="clip-results-heading">
            <Typography
              id="clip-results-heading"
              variant="h3"
              component="h2"
              sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}
            >
              {t('result.title')}
            </Typography>
            <Box
              component="ul"
              role="list"
              aria-live="polite"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
            >
              {created.map((item) => (
                <ClipResult
                  key={item.media.id}
                  created={item}
                  workspaceId={workspaceId}
                  libraryPath={libraryPath}
                />
              ))}
            </Box>
            <OpenInEditor created={created} workspaceId={workspaceId} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * The window a CLIP_RANGE_UNAVAILABLE answer names (its detail `window`: "start/end", ISO times for a
 * player, milliseconds for a media), else the window the editor knows.
 */
function availableWindow(
  error: ApiError,
  known: { start: number; end: number } | null,
): { start: number; end: number } | null {
  const text = error.details?.find((d) => d.field === 'window')?.message;
  const [start, end] = (text?.split('/') ?? []).map((part) => {
    const number = Number(part);
    return part !== '' && Number.isFinite(number) ? number : Date.parse(part);
  });
  if (start !== undefined && end !== undefined && !Number.isNaN(start) && !Number.isNaN(end))
    return { start, end };
  return known;
}
