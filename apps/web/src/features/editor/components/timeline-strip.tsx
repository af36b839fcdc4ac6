import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MainClip, Timeline } from '@stromwerk/contracts/drafts';
import { type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockBox, dropIndex, scaleOf } from '../strip-math';
import { clipStartsMs, moveClip, timelineDurationMs, updateClip } from '../timeline-edit';
import { StripClip } from './strip-clip';
import { StripAudioRow, StripOverlayRow } from './strip-layers';

type Edit = (edit: (t: Timeline) => Timeline) => void;
type Trim = Pick<MainClip, 'inMs' | 'outMs'>;

/** A pointer must travel this far before a press on a clip becomes a drag (a click stays a click). */
const DRAG_THRESHOLD_PX = 4;

/**
 * The draft drawn to scale: the main clips with their pictures (drag one to reorder, drag an edge to
 * trim), the titles and images, each audio track with its waveform, and the playhead (click the ruler to
 * move it). Keyboard users trim with the edges' arrow keys and reorder on the clip cards (Alt+←/→).
 */
export function TimelineStrip({
  timeline,
  edit,
  playheadMs,
  onPlayhead,
}: {
  timeline: Timeline;
  edit: Edit;
  playheadMs: number;
  onPlayhead: (ms: number) => void;
}) {
  const { t } = useTranslation('editor');
  const area = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, el.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const [trim, setTrim] = useState<{ index: number; trim: Trim } | null>(null);
  const [drag, setDrag] = useState<{ index: number; x: number; dx: number; moved: boolean } | null>(null);
  // The scale of the saved timeline: an edge being dragged must not change what a pixel is worth.
  const scale = scaleOf(width, timelineDurationMs(timeline));
  const shown = trim ? updateClip(timeline, trim.index, trim.trim) : timeline;
  const starts = clipStartsMs(shown);
  const boxes = shown.main.map((c, i) => blockBox(starts[i]!, c.outMs - c.inMs, scale));
  const durationMs = timelineDurationMs(shown);

  const grab = (index: number) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ index, x: event.clientX, dx: 0, moved: false });
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    setDrag({ ...drag, dx, moved: drag.moved || Math.abs(dx) > DRAG_THRESHOLD_PX });
  };
  const onPointerUp = () => {
    if (!drag) return;
    setDrag(null);
    if (!drag.moved) return;
    const centres = boxes.map((b) => b.left + b.width / 2);
    const to = dropIndex(centres, drag.index, centres[drag.index]! + drag.dx);
    if (to !== drag.index) edit((current) => moveClip(current, drag.index, to - drag.index));
  };
  const seek = (event: PointerEvent<HTMLElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    onPlayhead(Math.round(Math.min(Math.max(0, x / scale), durationMs)));
  };

  return (
    <Box
      component="section"
      aria-labelledby="strip-heading"
      sx={{ display: 'grid', gap: 0.75, userSelect: 'none' }}
    >
      <Typography id="strip-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('strip.label')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('strip.help')}
      </Typography>
      <Box ref={area} sx={{ position: 'relative', display: 'grid', gap: 0.5 }}>
        <Box
          data-testid="strip-ruler"
          title={t('strip.ruler')}
          onPointerDown={seek}
          sx={{ height: 14, bgcolor: 'action.hover', borderRadius: 0.5, cursor: 'pointer' }}
        />
        <Box
          data-testid="strip-main"
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          sx={{ position: 'relative', height: 56 }}
        >
          {shown.main.map((clip, index) => (
            <StripClip
              key={clip.id}
              clip={clip}
              number={index + 1}
              {...boxes[index]!}
              scale={scale}
              dragging={drag?.index === index && drag.moved ? drag.dx : null}
              onPreview={(next) => setTrim(next ? { index, trim: next } : null)}
              onTrim={(next) => edit((current) => updateClip(current, index, next))}
              onGrab={grab(index)}
            />
          ))}
        </Box>
        {shown.overlays.length > 0 && <StripOverlayRow overlays={shown.overlays} scale={scale} />}
        {shown.audio.map((track, i) => (
          <StripAudioRow key={track.id} clips={track.clips} number={i + 1} scale={scale} />
        ))}
        <Box
          aria-hidden
          data-testid="strip-playhead"
          style={{ left: Math.min(playheadMs, durationMs) * scale }}
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            width: 2,
            bgcolor: 'error.main',
            pointerEvents: 'none',
            zIndex: 4,
          }}
        />
      </Box>
    </Box>
  );
}
