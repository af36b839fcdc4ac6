import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface TimelineGap {
  start: number;
  end: number;
}

export interface TimelineMarker {
  id: string;
  at: number;
  label: string;
}

/**
 * The window that can be clipped as a bar: the In–Out range, the playhead and the markers on it. A click
 * seeks there; markers are buttons. The keys (←/→, I, O) do the same for keyboard users.
 */
export function ClipTimeline({
  start,
  end,
  inAt,
  outAt,
  position,
  markers,
  gaps = [],
  format,
  onSeek,
}: {
  start: number;
  end: number;
  inAt: number | null;
  outAt: number | null;
  position: number | null;
  markers: TimelineMarker[];
  /** Stretches the stream was off: drawn hatched, so one span does not hide them (issue 33). */
  gaps?: TimelineGap[];
  format: (at: number) => string;
  onSeek: (at: number) => void;
}) {
  const { t } = useTranslation('clipping');
  const span = Math.max(1, end - start);
  const percent = (at: number) => `${Math.min(100, Math.max(0, ((at - start) / span) * 100))}%`;
  const seekTo = (event: MouseEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    onSeek(start + ((event.clientX - rect.left) / rect.width) * span);
  };
  const from = inAt ?? start;
  const to = outAt ?? (inAt !== null ? Math.max(inAt, position ?? inAt) : null);

  return (
    <Box role="group" aria-label={t('timeline.label')}>
      <Box
        data-testid="clip-timeline"
        onClick={seekTo}
        sx={{
          position: 'relative',
          height: 44,
          borderRadius: 1,
          bgcolor: 'action.hover',
          cursor: 'pointer',
          overflow: 'hidden',
        }}
      >
        {to !== null && (inAt !== null || outAt !== null) && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: percent(from),
              width: `calc(${percent(to)} - ${percent(from)})`,
              minWidth: 2,
              bgcolor: 'primary.main',
              opacity: 0.35,
              borderLeft: inAt !== null ? 3 : 0,
              borderRight: outAt !== null ? 3 : 0,
              borderColor: 'primary.dark',
            }}
          />
        )}
        {gaps.map((gap) => (
          <Tooltip
            key={gap.start}
            title={t('timeline.gap', { start: format(gap.start), end: format(gap.end) })}
          >
            <Box
              role="img"
              data-testid="clip-gap"
              aria-label={t('timeline.gap', { start: format(gap.start), end: format(gap.end) })}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: percent(gap.start),
                width: `calc(${percent(gap.end)} - ${percent(gap.start)})`,
                minWidth: 3,
                bgcolor: 'background.paper',
                backgroundImage:
                  'repeating-linear-gradient(135deg, rgba(127,127,127,0.55) 0 4px, transparent 4px 8px)',
                borderInline: 1,
                borderColor: 'divider',
              }}
            />
          </Tooltip>
        ))}
        {position !== null && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: percent(position),
              width: 2,
              bgcolor: 'text.primary',
            }}
          />
        )}
        {markers
          .filter((m) => m.at >= start && m.at <= end)
          .map((marker) => (
            <Tooltip key={marker.id} title={`${marker.label || t('markers.unnamed')} · ${format(marker.at)}`}>
              <ButtonBase
                aria-label={t('markers.seek', {
                  name: marker.label || t('markers.unnamed'),
                  time: format(marker.at),
                })}
                onClick={(event) => {
                  event.stopPropagation();
                  onSeek(marker.at);
                }}
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: percent(marker.at),
                  transform: 'translateX(-50%)',
                  width: 14,
                  height: 14,
                  borderRadius: '0 0 50% 50%',
                  bgcolor: 'warning.main',
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              />
            </Tooltip>
          ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {format(start)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {format(end)}
        </Typography>
      </Box>
    </Box>
  );
}
