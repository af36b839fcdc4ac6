import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { hasChoice, levelName, menuValue, type QualityState } from '../quality';

/**
 * The quality menu of a player with a quality ladder (issue 34): Auto (hls.js picks by bandwidth) and
 * each rung, highest first; the rung playing now is marked, in Auto too. A native select: keyboard and
 * screen readers work as everywhere, and the player's bundle stays small (no MUI Menu/Popover).
 */
export function QualityMenu({
  quality,
  onChoose,
}: {
  quality: QualityState;
  onChoose: (index: number) => void;
}) {
  const { t } = useTranslation('player');
  if (!hasChoice(quality)) return null;
  const playing = quality.levels.find((l) => l.index === quality.playing);
  const mark = (index: number) => (index === quality.playing ? ` ${t('quality.playing')}` : '');
  return (
    <Box
      component="select"
      data-testid="quality-menu"
      data-playing={playing ? levelName(playing) : ''}
      aria-label={t('quality.label')}
      value={menuValue(quality)}
      onChange={(e: React.ChangeEvent<HTMLSelectElement>) =>
        onChoose(e.target.value === 'auto' ? -1 : Number(e.target.value))
      }
      sx={{
        bgcolor: 'rgba(0, 0, 0, 0.72)',
        color: 'common.white',
        border: '1px solid rgba(255, 255, 255, 0.5)',
        borderRadius: 1,
        px: 0.5,
        py: 0.25,
        font: 'inherit',
        fontSize: '0.875rem',
        pointerEvents: 'auto',
        '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 },
      }}
    >
      <option value="auto">
        {playing ? t('quality.autoPlaying', { name: levelName(playing) }) : t('quality.auto')}
      </option>
      {quality.levels.map((l) => (
        <option key={l.index} value={String(l.index)}>
          {levelName(l)}
          {mark(l.index)}
        </option>
      ))}
    </Box>
  );
}
