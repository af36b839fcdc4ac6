import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';
import { useMedia } from '../../medias/api/get-media';
import type { MediaItem } from '../../medias/api/types';
import { removeOverlay, timelineDurationMs } from '../timeline-edit';
import {
  addImage,
  CORNERS,
  type Corner,
  cornerPosition,
  type ImageOverlay,
  imageOverlays,
  updateImage,
} from '../timeline-layers';
import { AddMedia } from './add-media';
import { FadeFields, RemoveButton } from './fade-fields';
import { NumberField } from './number-field';
import { SecondsField } from './seconds-field';

type Edit = (edit: (t: Timeline) => Timeline) => void;

/** The image's height in output heights per unit of width (1 when its size is not known). */
function heightPerWidth(media: MediaItem | undefined, size: DraftOutput['size']) {
  const [w, h] = size.split('x').map(Number) as [number, number];
  const picture = media?.info?.video;
  return picture && picture.width > 0 ? (picture.height / picture.width) * (w / h) : w / h;
}

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;

/** Images over the picture (a logo): where, how big, how opaque, when, with fades. */
export function ImagesPanel({
  timeline,
  edit,
  workspaceId,
  size,
}: {
  timeline: Timeline;
  edit: Edit;
  workspaceId: string;
  size: DraftOutput['size'];
}) {
  const { t } = useTranslation('editor');
  const images = imageOverlays(timeline);
  return (
    <Box component="section" aria-labelledby="images-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="images-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('images.label')}
      </Typography>
      {images.length === 0 ? (
        <Typography color="text.secondary">{t('images.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
          {images.map((image) => (
            <ImageRow key={image.id} image={image} edit={edit} size={size} />
          ))}
        </Box>
      )}
      <AddMedia
        workspaceId={workspaceId}
        label={t('images.addMedia')}
        button={t('images.addButton')}
        needs="video"
        refuse={(media) => (media.info && !media.info.video ? t('main.noPicture') : null)}
        onAdd={(media) =>
          edit((c) =>
            addImage(c, media.id, Math.max(100, timelineDurationMs(c)), heightPerWidth(media, size)),
          )
        }
      />
    </Box>
  );
}

function ImageRow({ image, edit, size }: { image: ImageOverlay; edit: Edit; size: DraftOutput['size'] }) {
  const { t } = useTranslation('editor');
  const media = useMedia(image.mediaId);
  const name = media.data?.name ?? t('main.loadingMedia');
  const hpw = heightPerWidth(media.data, size);
  const change = (patch: Partial<ImageOverlay>) => edit((c) => updateImage(c, image.id, patch));
  const corner =
    CORNERS.find((c) => {
      const at = cornerPosition(c, image.w, hpw);
      return Math.abs(at.x - image.x) < 0.002 && Math.abs(at.y - image.y) < 0.002;
    }) ?? 'custom';
  return (
    <Box component="li">
      <Box role="group" aria-label={t('images.image', { name })} sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {t('images.image', { name })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={t('images.position')}
            value={corner}
            onChange={(e) => {
              if (e.target.value !== 'custom') change(cornerPosition(e.target.value as Corner, image.w, hpw));
            }}
            sx={{ width: 170 }}
          >
            {[...CORNERS, 'custom' as const].map((c) => (
              <MenuItem key={c} value={c} disabled={c === 'custom'}>
                {t(`images.corners.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <NumberField
            label={t('images.x')}
            value={percent(image.x)}
            min={0}
            max={100}
            onChange={(x) => change({ x: x / 100 })}
          />
          <NumberField
            label={t('images.y')}
            value={percent(image.y)}
            min={0}
            max={100}
            onChange={(y) => change({ y: y / 100 })}
          />
          <NumberField
            label={t('images.width')}
            value={percent(image.w)}
            min={1}
            max={100}
            onChange={(w) =>
              change(
                corner === 'custom'
                  ? { w: w / 100 }
                  : { w: w / 100, ...cornerPosition(corner, w / 100, hpw) },
              )
            }
          />
          <NumberField
            label={t('images.opacity')}
            value={percent(image.opacity)}
            min={0}
            max={100}
            step={10}
            onChange={(o) => change({ opacity: o / 100 })}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <SecondsField
            label={t('titles.start')}
            valueMs={image.atMs}
            onChangeMs={(atMs) => change({ atMs })}
          />
          <SecondsField
            label={t('titles.duration')}
            valueMs={image.durationMs}
            min={0.1}
            error={image.durationMs < 100}
            onChangeMs={(durationMs) => change({ durationMs })}
          />
          <FadeFields fadeInMs={image.fadeInMs} fadeOutMs={image.fadeOutMs} onChange={change} />
          <RemoveButton
            label={t('images.remove', { name })}
            onRemove={() => edit((c) => removeOverlay(c, image.id))}
          />
        </Box>
      </Box>
    </Box>
  );
}
