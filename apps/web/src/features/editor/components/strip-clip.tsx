import Box from '@mui/material/Box';
import type { MainClip } from '@stromwerk/contracts/drafts';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMedia } from '../../medias/api/get-media';
import { keyStepMs, mediaWindow, trimmed } from '../strip-math';

type Trim = Pick<MainClip, 'inMs' | 'outMs'>;

/** An edge's grab area: 24 px wide (WCAG 2.2 target size), half the strip's height. */
const EDGE_PX = 24;

/**
 * One main clip on the strip: its media's picture strip over the part it plays, grabbed in the middle to
 * move it, and an In and an Out edge (sliders: drag, or arrow keys) to trim it. The Out edge takes the
 * upper half of the clip's end, the In edge the lower half of its start: where a transition overlaps two
 * clips, one clip's Out and the next one's In lie one above the other, never on top of each other. While an edge is dragged the
 * strip shows the result (`onPreview`); the edit is made once, on release (`onTrim`), so it is one undo step.
 */
export function StripClip({
  clip,
  number,
  left,
  width,
  scale,
  dragging,
  onPreview,
  onTrim,
  onGrab,
}: {
  clip: MainClip;
  number: number;
  left: number;
  width: number;
  scale: number;
  dragging: number | null;
  onPreview: (trim: Trim | null) => void;
  onTrim: (trim: Trim) => void;
  onGrab: (event: PointerEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation('editor');
  const media = useMedia(clip.mediaId);
  const mediaMs = media.data?.durationMs ?? null;
  const picture = media.data?.links.preview;
  const part = mediaWindow(clip.inMs, clip.outMs - clip.inMs, mediaMs, width);
  const name = media.data?.name ?? '';
  return (
    <Box
      data-testid="strip-clip"
      title={t('strip.clip', { number, name })}
      onPointerDown={onGrab}
      // What changes with every pixel of a drag goes in style, not in a generated class.
      style={{
        left,
        width,
        backgroundImage: picture && part ? `url("${picture}")` : undefined,
        backgroundSize: part?.size,
        backgroundPositionX: part?.x,
        transform: dragging === null ? undefined : `translateX(${dragging}px)`,
        // No stacking context of its own at rest: the edges (z-index 2) then lie above every block,
        // also above the next clip, which a transition draws over this clip's end.
        zIndex: dragging === null ? undefined : 3,
        opacity: dragging === null ? 1 : 0.85,
      }}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        borderRadius: 0.75,
        border: 2,
        borderColor: dragging === null ? 'primary.main' : 'secondary.main',
        bgcolor: 'action.selected',
        backgroundRepeat: 'no-repeat',
        cursor: 'grab',
        touchAction: 'none',
        overflow: 'hidden',
      }}
    >
      <Box
        component="span"
        sx={{
          position: 'absolute',
          left: EDGE_PX + 4,
          bottom: 2,
          px: 0.5,
          fontSize: 12,
          borderRadius: 0.5,
          color: 'common.white',
          bgcolor: 'rgba(0,0,0,0.72)',
          maxWidth: `calc(100% - ${2 * EDGE_PX + 8}px)`,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          pointerEvents: 'none',
        }}
      >
        {number}. {name}
      </Box>
      <Edge
        edge="in"
        clip={clip}
        number={number}
        mediaMs={mediaMs}
        scale={scale}
        {...{ onPreview, onTrim }}
      />
      <Edge
        edge="out"
        clip={clip}
        number={number}
        mediaMs={mediaMs}
        scale={scale}
        {...{ onPreview, onTrim }}
      />
    </Box>
  );
}

function Edge({
  edge,
  clip,
  number,
  mediaMs,
  scale,
  onPreview,
  onTrim,
}: {
  edge: 'in' | 'out';
  clip: MainClip;
  number: number;
  mediaMs: number | null;
  scale: number;
  onPreview: (trim: Trim | null) => void;
  onTrim: (trim: Trim) => void;
}) {
  const { t } = useTranslation('editor');
  const start = useRef<{ x: number; trim: Trim } | null>(null);
  const value = edge === 'in' ? clip.inMs : clip.outMs;
  const min = edge === 'in' ? 0 : clip.inMs + 100;
  const max = edge === 'in' ? clip.outMs - 100 : (mediaMs ?? clip.outMs);
  const at = (x: number) => trimmed(clip, edge, (x - start.current!.x) / scale, mediaMs);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, trim: { inMs: clip.inMs, outMs: clip.outMs } };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (start.current) onPreview(at(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!start.current) return;
    const next = at(event.clientX);
    start.current = null;
    onPreview(null);
    if (next.inMs !== clip.inMs || next.outMs !== clip.outMs) onTrim(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = keyStepMs(event.key, event.shiftKey);
    if (step === null) return;
    event.preventDefault();
    const delta = step === 'min' ? min - value : step === 'max' ? max - value : step;
    const next = trimmed(clip, edge, delta, mediaMs);
    if (next.inMs !== clip.inMs || next.outMs !== clip.outMs) onTrim(next);
  };

  return (
    <Box
      role="slider"
      tabIndex={0}
      aria-label={t(edge === 'in' ? 'strip.in' : 'strip.out', { number })}
      aria-valuemin={min / 1000}
      aria-valuemax={max / 1000}
      aria-valuenow={value / 1000}
      aria-valuetext={t('strip.seconds', { value: (value / 1000).toFixed(1) })}
      aria-orientation="horizontal"
      data-testid={`strip-${edge}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        onPreview(null);
      }}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        [edge === 'in' ? 'bottom' : 'top']: 0,
        height: '50%',
        [edge === 'in' ? 'left' : 'right']: 0,
        width: EDGE_PX,
        zIndex: 2,
        cursor: 'ew-resize',
        touchAction: 'none',
        // A bar at the clip's edge shows where it is; the whole area grabs.
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          [edge === 'in' ? 'left' : 'right']: 0,
          width: 8,
          bgcolor: 'primary.main',
          opacity: 0.85,
        },
        '&:hover::after, &:focus-visible::after': { opacity: 1, width: 12 },
        '&:focus-visible': { outline: 2, outlineColor: 'warning.main', outlineOffset: -2 },
      }}
    />
  );
}
