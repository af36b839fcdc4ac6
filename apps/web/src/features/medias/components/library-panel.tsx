import SearchOff from '@mui/icons-material/SearchOff';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { MediaOrigin } from '@stromwerk/contracts/medias';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { useMedias } from '../api/list-medias';
import type { MediaItem } from '../api/types';
import { MEDIA_ORIGINS, type MediaSort } from '../api/types';
import type { useUploads } from '../hooks/use-uploads';
import { useViewMode } from '../hooks/use-view-mode';
import type { Selection } from './media-card';
import { MediaGrid } from './media-grid';
import { MediaTable } from './media-table';
import { MediaToolbar } from './media-toolbar';
import { SelectionBar } from './selection-bar';
import { UploadButton } from './upload-button';
import { DropHint, UploadDropZone } from './upload-drop-zone';
import { UploadList } from './upload-list';
import { useMediaActions } from './use-media-actions';

const SEARCH_DELAY_MS = 300;

/** The media library: filters, uploads in progress, and the media as a grid or a table. */
export function LibraryPanel({
  workspaceId,
  uploads,
  onShowJobs,
}: {
  workspaceId: string;
  uploads: ReturnType<typeof useUploads>;
  onShowJobs: () => void;
}) {
  const { t } = useTranslation('medias');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MediaSort>('newest');
  // `?origin=clip` (the Clipping Tool's link) opens the library on that origin.
  const [searchParams] = useSearchParams();
  const [origin, setOrigin] = useState<MediaOrigin | 'all'>(() => {
    const asked = searchParams.get('origin');
    return MEDIA_ORIGINS.find((o) => o === asked) ?? 'all';
  });
  const [view, setView] = useViewMode();
  const medias = useMedias(workspaceId, { search, sort, origin });
  const { items } = medias;
  const { onAction, dialogs } = useMediaActions({ onShowJobs });
  // Selected media in the order they were picked (a new draft's clip order), with their names.
  const [picked, setPicked] = useState<{ ids: string[]; names: Map<string, string> }>({
    ids: [],
    names: new Map(),
  });
  const selection: Selection = {
    ids: picked.ids,
    toggle: (media: MediaItem, on: boolean) =>
      setPicked((p) => ({
        ids: on
          ? [...p.ids.filter((id) => id !== media.id), media.id]
          : p.ids.filter((id) => id !== media.id),
        names: new Map(p.names).set(media.id, media.name),
      })),
  };

  // Typing waits for a pause before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const filtered = search.trim() !== '' || origin !== 'all';
  const empty = !medias.isPending && items.length === 0 && !medias.error;
  const uploadAction = (
    <UploadButton label={t('upload.choose')} variant="outlined" size="small" onFiles={uploads.add} />
  );

  return (
    <UploadDropZone onFiles={uploads.add}>
      <MediaToolbar
        search={searchInput}
        onSearch={setSearchInput}
        sort={sort}
        onSort={setSort}
        origin={origin}
        onOrigin={setOrigin}
        view={view}
        onView={setView}
      />
      {!(empty && !filtered) && <DropHint action={uploadAction} />}
      <UploadList entries={uploads.entries} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      <ErrorAlert error={medias.error} />
      {medias.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : empty && !filtered ? (
        <Card sx={{ borderStyle: 'dashed', borderWidth: 2 }}>
          <EmptyState
            icon={<VideoLibraryOutlined />}
            title={t('emptyTitle')}
            text={t('emptyText')}
            action={<UploadButton label={t('upload.button')} onFiles={uploads.add} />}
          />
        </Card>
      ) : empty ? (
        <Card>
          <EmptyState icon={<SearchOff />} title={t('noMatchTitle')} text={t('noMatchText')} />
        </Card>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
            {t('count', { count: medias.total })}
          </Typography>
          <SelectionBar
            workspaceId={workspaceId}
            selected={picked.ids}
            names={picked.names}
            onClear={() => setPicked({ ids: [], names: new Map() })}
          />
          {view === 'grid' ? (
            <MediaGrid items={items} onAction={onAction} selection={selection} />
          ) : (
            <MediaTable items={items} onAction={onAction} selection={selection} />
          )}
          {medias.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => medias.fetchNextPage()}
                loading={medias.isFetchingNextPage}
              >
                {t('showMore')}
              </Button>
            </Box>
          )}
        </>
      )}
      {dialogs}
    </UploadDropZone>
  );
}
