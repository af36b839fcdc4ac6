import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type AudioClip, DRAFT_AUDIO_TRACKS_MAX, type Timeline } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';
import { useMedia } from '../../medias/api/get-media';
import { addAudioTrack, removeAudioClip, updateAudioClip } from '../timeline-layers';
import { AddMedia } from './add-media';
import { FadeFields, RemoveButton } from './fade-fields';
import { NumberField } from './number-field';
import { SecondsField } from './seconds-field';

type Edit = (edit: (t: Timeline) => Timeline) => void;

/**
 * Up to four audio tracks under the picture (music, voice-over): each plays a media's sound from `In`
 * at `Start` of the output, with its own level in dB and fades. Video media lend their sound too.
 */
export function AudioPanel({
  timeline,
  edit,
  workspaceId,
}: {
  timeline: Timeline;
  edit: Edit;
  workspaceId: string;
}) {
  const { t } = useTranslation('editor');
  const full = timeline.audio.length >= DRAFT_AUDIO_TRACKS_MAX;
  return (
    <Box component="section" aria-labelledby="audio-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="audio-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('audio.label')}
      </Typography>
      {timeline.audio.length === 0 ? (
        <Typography color="text.secondary">{t('audio.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
          {timeline.audio.flatMap((track, index) =>
            track.clips.map((clip) => <AudioRow key={clip.id} number={index + 1} clip={clip} edit={edit} />),
          )}
        </Box>
      )}
      <AddMedia
        workspaceId={workspaceId}
        label={t('audio.addMedia')}
        button={t('audio.addButton')}
        disabled={full}
        needs="audio"
        refuse={(media) => (media.info && !media.info.audio ? t('audio.noSound') : null)}
        onAdd={(media) => edit((c) => addAudioTrack(c, media.id, media.durationMs ?? 0))}
      />
      {full && (
        <Typography variant="body2" color="text.secondary">
          {t('audio.full', { count: DRAFT_AUDIO_TRACKS_MAX })}
        </Typography>
      )}
    </Box>
  );
}

function AudioRow({ number, clip, edit }: { number: number; clip: AudioClip; edit: Edit }) {
  const { t } = useTranslation('editor');
  const media = useMedia(clip.mediaId);
  const name = media.data?.name ?? t('main.loadingMedia');
  const label = t('audio.track', { number, name });
  const change = (patch: Partial<AudioClip>) => edit((c) => updateAudioClip(c, clip.id, patch));
  const mediaSeconds = media.data?.durationMs == null ? undefined : media.data.durationMs / 1000;
  return (
    <Box component="li">
      <Box role="group" aria-label={label} sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <SecondsField
            label={t('audio.start')}
            valueMs={clip.atMs}
            onChangeMs={(atMs) => change({ atMs })}
          />
          <SecondsField
            label={t('audio.in')}
            valueMs={clip.inMs}
            max={mediaSeconds}
            onChangeMs={(inMs) => change({ inMs })}
          />
          <SecondsField
            label={t('audio.duration')}
            valueMs={clip.durationMs}
            min={0.1}
            max={mediaSeconds}
            error={clip.durationMs < 100}
            onChangeMs={(durationMs) => change({ durationMs })}
          />
          <NumberField
            label={t('audio.volume')}
            value={clip.volumeDb}
            min={-60}
            max={12}
            onChange={(volumeDb) => change({ volumeDb })}
          />
          <FadeFields fadeInMs={clip.fadeInMs} fadeOutMs={clip.fadeOutMs} onChange={change} />
          <RemoveButton
            label={t('audio.remove', { name })}
            onRemove={() => edit((c) => removeAudioClip(c, clip.id))}
          />
        </Box>
      </Box>
    </Box>
  );
}
