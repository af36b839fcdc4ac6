import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Media } from '@stromwerk/contracts/medias';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { outputsQueryOptions } from '../../outputs/api/list-outputs';
import { useMedia } from '../api/get-media';

type ClipMedia = Pick<Media, 'status' | 'workspaceId'> & {
  clip: Media['clip'];
  autoDeleteAt?: Date | string | null;
};

/** Whether a clip's file is the fast (segment) cut, still waiting for its exact cut, or the exact one. */
export function ClipAccuracyChip({ media }: { media: ClipMedia }) {
  const { t } = useTranslation('medias');
  if (!media.clip) return null;
  const key =
    media.clip.accuracy === 'frame' ? 'exact' : media.status === 'processing' ? 'fastPending' : 'fast';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={key === 'exact' ? 'success' : 'default'}
      label={t(`clip.${key}`)}
    />
  );
}

const time = (locale: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });

/** What a clip was cut from (player and wall-clock range, or media and offsets) and when it deletes itself. */
export function ClipOrigin({ media }: { media: ClipMedia }) {
  const { t, i18n } = useTranslation('medias');
  const format = useFormat();
  const clip = media.clip;
  const fromOutput = clip?.sourceKind === 'output';
  // Only the player's name is needed here: no polling for it.
  const outputs = useQuery({
    ...outputsQueryOptions(media.workspaceId),
    enabled: fromOutput,
    refetchInterval: false,
    staleTime: 60_000,
  });
  const sourceMedia = useMedia(clip && !fromOutput ? clip.sourceId : null);
  const autoDelete = media.autoDeleteAt ? (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {t('clip.autoDelete', { time: format.dateTime(media.autoDeleteAt) })}
    </Typography>
  ) : null;
  if (!clip) return autoDelete;
  const name = fromOutput ? outputs.data?.find((o) => o.id === clip.sourceId)?.name : sourceMedia.data?.name;
  const clock = time(i18n.language);
  const range = fromOutput
    ? clip.from && clip.to
      ? `${clock.format(new Date(clip.from))}–${clock.format(new Date(clip.to))}`
      : ''
    : clip.inMs != null && clip.outMs != null
      ? `${format.clock(clip.inMs)}–${format.clock(clip.outMs)}`
      : '';
  return (
    <>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {t(fromOutput ? 'clip.fromPlayer' : 'clip.fromMedia', {
          name: name ?? t('clip.unknownSource'),
          range,
        })}
      </Typography>
      {autoDelete}
    </>
  );
}
