import ContentCut from '@mui/icons-material/ContentCut';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { useQueries } from '@tanstack/react-query';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { mediaQueryOptions } from '../../medias/api/get-media';
import { playheadTarget } from '../playhead-keys';
import { clipAt, clipStartsMs, SPLIT_MIN_MS, timelineDurationMs } from '../timeline-edit';

/** The playhead as a clock with tenths: "0:03.4" (whole seconds first: the clock alone rounds). */
export const clockTenths = (clock: (ms: number) => string, ms: number) =>
  `${clock(Math.floor(ms / 1000) * 1000)}.${Math.floor((ms % 1000) / 100)}`;

/**
 * A quick preview: the main clips played one after the other in one <video> from the media's own links
 * (no transitions, titles or layers; the render is exact). The playhead is a slider on the output
 * timeline; "Split at playhead" (S) cuts the clip under it. In a join the first clip plays to its end
 * and the next one starts after the overlap, so the playhead moves on without jumps.
 */
export function PreviewPlayer({
  timeline,
  output,
  playheadMs,
  onPlayhead,
  onSplit,
  splitRefusal,
}: {
  timeline: Timeline;
  output: DraftOutput;
  playheadMs: number;
  onPlayhead: (ms: number) => void;
  onSplit: () => void;
  /** Why the last split at this playhead did nothing. */
  splitRefusal: 'noClip' | 'tooShort' | null;
}) {
  const { t } = useTranslation('editor');
  const format = useFormat();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState<{ index: number } | null>(null);
  const total = timelineDurationMs(timeline);
  const starts = clipStartsMs(timeline);
  const at = clipAt(timeline, Math.min(playheadMs, Math.max(0, total - 1)));
  const index = playing?.index ?? at?.index ?? 0;
  const clip = timeline.main[index];
  const ids = [...new Set(timeline.main.map((c) => c.mediaId))];
  const medias = useQueries({ queries: ids.map((id) => mediaQueryOptions(id)) });
  const mediaOf = (id: string | undefined) => medias[ids.indexOf(id ?? '')]?.data;
  const media = mediaOf(clip?.mediaId);
  const src = media?.links.original ?? undefined;

  // Paused: the picture follows the playhead (slider, split, edits).
  const seekMs = playing ? null : (at?.mediaMs ?? null);
  useEffect(() => {
    const v = video.current;
    if (!v || seekMs == null || v.readyState < 1) return;
    if (Math.abs(v.currentTime * 1000 - seekMs) > 40) v.currentTime = seekMs / 1000;
  }, [seekMs]);

  // Playing: the video's clock moves the playhead, and at a clip's Out the next clip takes over.
  // The clip whose media is loaded, sought and playing; until then (a new source loading) the video's
  // clock belongs to no clip and must not move the playhead.
  const running = useRef<number | null>(null);
  const latest = useRef({ timeline, starts, total, onPlayhead });
  latest.current = { timeline, starts, total, onPlayhead };
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const v = video.current;
      const { timeline: tl, starts: s, total: end, onPlayhead: move } = latest.current;
      const c = tl.main[playing.index];
      if (!v || !c) return setPlaying(null);
      if (running.current !== playing.index || v.seeking) {
        frame = requestAnimationFrame(tick);
        return;
      }
      const ms = v.currentTime * 1000;
      if (ms >= c.outMs - 20 || v.ended) {
        const next = playing.index + 1;
        move(Math.min(end, s[playing.index]! + c.outMs - c.inMs));
        setPlaying(next < tl.main.length ? { index: next } : null);
        return;
      }
      if (ms >= c.inMs) move(s[playing.index]! + ms - c.inMs);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (!playing) {
      running.current = null;
      v.pause();
    }
    v.volume = Math.min(1, clip?.volume ?? 1);
    v.muted = clip?.muted ?? false;
  }, [playing, clip?.volume, clip?.muted]);

  const startAt = () => {
    const v = video.current;
    const c = timeline.main[index];
    if (!v || !c) return;
    // Where in this clip's media the output clock is (after a join: past the overlap).
    const offset = Math.max(0, playheadMs - (starts[index] ?? 0));
    v.currentTime = (c.inMs + Math.min(offset, c.outMs - c.inMs)) / 1000;
    running.current = index;
    void v.play().catch(() => {
      running.current = null;
      setPlaying(null);
    });
  };
  const toggle = () => {
    if (playing) return setPlaying(null);
    if (!at) onPlayhead(0);
    setPlaying({ index: at?.index ?? 0 });
  };
  // A new clip under a playing preview: load it and go on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of clip or source restarts
  useEffect(() => {
    running.current = null;
    if (playing && video.current && video.current.readyState >= 1) startAt();
  }, [playing?.index, src]);

  const [w, h] = output.size.split('x').map(Number) as [number, number];
  // The playhead's keys are the editor's (frames, seconds, cuts), not the native range's (its step, 10 %).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const cutsMs = starts.slice(1);
    const next = playheadTarget(event.key, event.shiftKey, {
      ms: playheadMs,
      totalMs: total,
      fps: output.fps,
      cutsMs,
    });
    if (next === null) return;
    event.preventDefault();
    setPlaying(null);
    onPlayhead(next);
  };
  return (
    <Box component="section" aria-labelledby="preview-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="preview-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('preview.label')}
      </Typography>
      <Box
        component="video"
        ref={video}
        src={src}
        poster={media?.links.thumbnail ?? undefined}
        playsInline
        preload="metadata"
        aria-label={t('preview.player')}
        onLoadedMetadata={() => {
          const v = video.current;
          if (!v) return;
          if (playing) startAt();
          else if (seekMs != null) v.currentTime = seekMs / 1000;
        }}
        sx={{
          display: 'block',
          width: '100%',
          maxHeight: 360,
          aspectRatio: `${w} / ${h}`,
          objectFit: output.fit === 'cover' ? 'cover' : 'contain',
          bgcolor: output.background,
          borderRadius: 1,
        }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <IconButton
          aria-label={playing ? t('preview.pause') : t('preview.play')}
          onClick={toggle}
          disabled={timeline.main.length === 0}
        >
          {playing ? <Pause /> : <PlayArrow />}
        </IconButton>
        {/* A native range: MUI's Slider would keep its class list in the first-load chunk (/login budget). */}
        <Box
          component="input"
          type="range"
          aria-label={t('preview.playhead')}
          aria-valuetext={clockTenths(format.clock, Math.min(playheadMs, total))}
          value={Math.min(playheadMs, total)}
          min={0}
          max={Math.max(total, 1)}
          step="any"
          disabled={total === 0}
          onKeyDown={onKeyDown}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setPlaying(null);
            onPlayhead(Number(event.target.value));
          }}
          sx={{ flex: 1, minWidth: 0, accentColor: (theme) => theme.palette.primary.main, cursor: 'pointer' }}
        />
        <Typography
          variant="body2"
          data-testid="playhead"
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 90 }}
        >
          {clockTenths(format.clock, Math.min(playheadMs, total))} / {format.clock(total)}
        </Typography>
      </Box>
      <Box>
        <Button
          variant="outlined"
          startIcon={<ContentCut />}
          disabled={timeline.main.length === 0}
          onClick={onSplit}
          aria-keyshortcuts="S"
        >
          {t('preview.split')}
        </Button>
      </Box>
      <Box role="status" data-testid="split-status">
        {splitRefusal && (
          <Alert severity="info">
            {t(`preview.splitRefused.${splitRefusal}`, { seconds: format.number(SPLIT_MIN_MS / 1000) })}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
