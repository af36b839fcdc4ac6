import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { MediaPicker } from '../../../components/media-picker';
import { mediaQueryOptions } from '../../medias/api/get-media';
import type { MediaItem } from '../../medias/api/types';

/**
 * A media picker and its button: fetches the chosen media (for its length and streams) and hands it on.
 * `refuse` names why a media does not fit here (an image without picture, a track without sound).
 */
export function AddMedia({
  workspaceId,
  label,
  button,
  disabled,
  refuse,
  needs,
  onAdd,
}: {
  workspaceId: string;
  label: string;
  button: string;
  disabled?: boolean;
  refuse?: (media: MediaItem) => string | null;
  /** The stream a media must have to be listed at all. */
  needs?: 'video' | 'audio';
  onAdd: (media: MediaItem) => void;
}) {
  const queryClient = useQueryClient();
  const [mediaId, setMediaId] = useState('');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const add = async () => {
    const chosen = mediaId;
    setAdding(true);
    setError(null);
    setRefused(null);
    try {
      const media = await queryClient.fetchQuery(mediaQueryOptions(chosen));
      const why = refuse?.(media) ?? null;
      if (why) setRefused(why);
      else {
        onAdd(media);
        // Cleared only if still the one added: a user who picked the next media while this one was
        // being fetched keeps that choice (it was lost, and the button stayed disabled).
        setMediaId((current) => (current === chosen ? '' : current));
      }
    } catch (e) {
      setError(e);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', maxWidth: 640 }}>
      <Box sx={{ flex: '1 1 280px' }}>
        <MediaPicker
          workspaceId={workspaceId}
          label={label}
          value={mediaId}
          onChange={setMediaId}
          needs={needs}
          error={Boolean(refused)}
          helperText={refused ?? undefined}
        />
      </Box>
      <Button variant="outlined" disabled={!mediaId || disabled} loading={adding} onClick={add}>
        {button}
      </Button>
      <Box sx={{ width: '100%' }}>
        <ErrorAlert error={error} />
      </Box>
    </Box>
  );
}
