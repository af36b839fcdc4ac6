import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type DvrWindow, dvrWindow, formatBehind, SEEK_STEP_SECONDS, seekTo } from '../dvr-window';

const READ_MS = 500;

/**
 * The DVR window of a live program (latency high and very high): a seek bar from the oldest position
 * to live, how far behind live the viewer is ("-0:30") and "Back to live". Keys inside the bar:
 * Left/Right seek 10 s, Home to the start of the window, End back to live.
 */
export function DvrBar({
  video,
  liveSync,
  livePosition,
}: {
  video: RefObject<HTMLVideoElement | null>;
  liveSync: number;
  livePosition: () => number | null;
}) {
  const { t } = useTranslation('player');
  const [w, setW] = useState<DvrWindow | null>(null);

  // Measured from the video at each use: a key press must not act on a window from an older render.
  const measure = useCallback(() => {
    const v = video.current;
    const r = v?.seekable;
    const range = r?.length ? { start: r.start(0), end: r.end(r.length - 1) } : null;
    return v ? dvrWindow(range, v.currentTime, liveSync, livePosition()) : null;
  }, [video, liveSync, livePosition]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    // Kept while the range is briefly empty (a seek, a reload): the bar must not lose focus.
    const read = () => {
      const next = measure();
      if (next) setW(next);
    };
    const timer = setInterval(read, READ_MS);
    v.addEventListener('timeupdate', read);
    v.addEventListener('seeked', read);
    read();
    return () => {
      clearInterval(timer);
      v.removeEventListener('timeupdate', read);
      v.removeEventListener('seeked', read);
    };
  }, [video, measure]);

  if (!w) return null;
  const seek = (to: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = to;
    setW(measure() ?? w);
    if (v.paused) void v.play().catch(() => undefined);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const now = measure() ?? w;
    const to =
      e.key === 'ArrowLeft'
        ? seekTo(now, -SEEK_STEP_SECONDS)
        : e.key === 'ArrowRight'
          ? seekTo(now, SEEK_STEP_SECONDS)
          : e.key === 'End'
            ? now.live
            : e.key === 'Home'
              ? now.start
              : null;
    if (to === null) return;
    e.preventDefault();
    seek(to);
  };
  const behind = w.atLive ? t('dvr.atLive') : t('dvr.behind', { time: formatBehind(w.behind) });
  return (
    <Box
      role="group"
      aria-label={t('dvr.label')}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        left: 8,
        right: 8,
        bottom: 64,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'rgba(0, 0, 0, 0.72)',
        color: 'common.white',
      }}
    >
      <Box
        component="input"
        type="range"
        aria-label={t('dvr.position')}
        aria-valuetext={behind}
        min={w.start}
        max={w.live}
        step="any"
        value={w.current}
        onChange={(e: ChangeEvent<HTMLInputElement>) => seek(Number(e.target.value))}
        sx={{ flex: 1, minWidth: 0, accentColor: '#d32f2f', cursor: 'pointer' }}
      />
      <Typography
        data-testid="dvr-behind"
        variant="body2"
        sx={{ color: 'inherit', fontVariantNumeric: 'tabular-nums', minWidth: 56, textAlign: 'right' }}
      >
        {w.atLive ? t('live') : formatBehind(w.behind)}
      </Typography>
      <Button
        size="small"
        variant="contained"
        color="error"
        disabled={w.atLive}
        onClick={() => seek(measure()?.live ?? w.live)}
      >
        {t('dvr.backToLive')}
      </Button>
    </Box>
  );
}
