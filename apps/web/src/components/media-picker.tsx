import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Media } from '@stromwerk/contracts/medias';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client';
import { formatClock } from '../lib/format';

/** How many matches the list shows; typing narrows it further (server-side search by name). */
const PAGE = 50;

type Choice = Pick<Media, 'id' | 'name' | 'durationMs' | 'status'> & { thumbnail: string | null };
const choiceOf = (m: Omit<Choice, 'thumbnail'> & { links: Pick<Media['links'], 'thumbnail'> }): Choice => ({
  id: m.id,
  name: m.name,
  durationMs: m.durationMs,
  status: m.status,
  thumbnail: m.links.thumbnail,
});

const labelOf = (o: Choice) => o.name;
const sameMedia = (a: Choice, b: Choice) => a.id === b.id;
const asListed = (options: Choice[]) => options;

/**
 * Picks one ready media of the workspace by its name (with length and thumbnail) instead of asking for
 * its id. The value is the media id ('' for none). Texts in the `medias` namespace (`picker.*`).
 */
export function MediaPicker(props: MediaPickerProps) {
  // The texts live in `medias`, which the form's screen may not have loaded yet.
  return (
    <Suspense
      fallback={
        <TextField
          className={props.className}
          label={props.label}
          required={props.required}
          disabled
          fullWidth
        />
      }
    >
      <Picker {...props} />
    </Suspense>
  );
}

interface MediaPickerProps {
  workspaceId: string;
  value: string;
  onChange: (id: string) => void;
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  className?: string;
  /** List only media with this stream (an image or video track needs a picture, an audio track sound). */
  needs?: 'video' | 'audio';
}

/** Media whose streams are not known yet are listed; the editor checks the chosen one again. */
const hasStream = (m: Pick<Media, 'info'>, needs: 'video' | 'audio' | undefined) =>
  !needs || !m.info || Boolean(m.info[needs]);

function Picker({
  workspaceId,
  value,
  onChange,
  label,
  required,
  error,
  helperText,
  className,
  needs,
}: MediaPickerProps) {
  const { t } = useTranslation('medias');
  const [input, setInput] = useState('');
  // What the user typed; the name of a chosen media in the field is no search.
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDeferredValue(typed.trim()) || undefined;

  const list = useQuery({
    queryKey: ['medias', 'picker', workspaceId, query ?? '', needs ?? 'any'],
    queryFn: async ({ signal }) =>
      (
        await api.medias.listInWorkspace(
          {
            params: { id: workspaceId },
            query: { limit: PAGE, offset: 0, sort: 'name', order: 'asc', search: query },
          },
          { signal },
        )
      ).items
        .filter((m) => m.status === 'ready' && hasStream(m, needs))
        .map(choiceOf),
    enabled: open || Boolean(value),
    placeholderData: keepPreviousData,
  });
  const listed = list.data?.find((m) => m.id === value);
  // The saved media of an existing source may not be on the first page.
  const single = useQuery({
    queryKey: ['medias', 'picker-one', value],
    queryFn: async ({ signal }) => choiceOf(await api.medias.get({ params: { id: value } }, { signal })),
    enabled: Boolean(value) && list.isSuccess && !listed,
  });
  const selected = value ? (listed ?? single.data ?? null) : null;
  const options = list.data ?? [];

  return (
    <Autocomplete<Choice>
      className={className}
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      value={selected}
      onChange={(_, next) => {
        setTyped('');
        onChange(next?.id ?? '');
      }}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        setInput(next);
        setTyped(reason === 'input' ? next : '');
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // The server searches by name; the list shows what it returns.
      filterOptions={asListed}
      getOptionLabel={labelOf}
      isOptionEqualToValue={sameMedia}
      loading={list.isFetching}
      loadingText={t('picker.loading')}
      noOptionsText={query ? t('picker.noMatch') : t('picker.empty')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <Box
            sx={{
              width: 64,
              height: 36,
              flexShrink: 0,
              borderRadius: 0.5,
              bgcolor: 'action.hover',
              overflow: 'hidden',
            }}
          >
            {option.thumbnail && (
              <Box
                component="img"
                src={option.thumbnail}
                alt=""
                loading="lazy"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.name}
            </Typography>
            {option.durationMs != null && (
              <Typography variant="caption" color="text.secondary">
                {formatClock(option.durationMs)}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          placeholder={t('picker.placeholder')}
        />
      )}
    />
  );
}
