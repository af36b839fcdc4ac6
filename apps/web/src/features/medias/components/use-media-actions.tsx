import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useErrorMessage } from '../../../components/use-error-message';
import { useCopyMedia } from '../api/copy-media';
import { useDeleteMedia } from '../api/delete-media';
import { useRenderMp4 } from '../api/render-mp4';
import type { MediaItem } from '../api/types';
import type { MediaAction } from './media-actions';
import { PreviewDialog } from './preview-dialog';
import { PublishDialog } from './publish-dialog';
import { RenameDialog } from './rename-dialog';

type Notice = { severity: 'success' | 'error'; text: string; jobs?: boolean };

/** What the per-media actions open or start, and the dialogs and notices that go with them. */
export function useMediaActions({ onShowJobs }: { onShowJobs: () => void }) {
  const { t } = useTranslation('medias');
  const describe = useErrorMessage();
  const [playing, setPlaying] = useState<MediaItem | null>(null);
  const [renaming, setRenaming] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [publishing, setPublishing] = useState<MediaItem | null>(null);
  // Kept after closing so the snackbar still has its content while it slides out.
  const [notice, setNoticeValue] = useState<Notice>({ severity: 'success', text: '' });
  const [noticeOpen, setNoticeOpen] = useState(false);
  const setNotice = (next: Notice) => {
    setNoticeValue(next);
    setNoticeOpen(true);
  };
  const closeNotice = () => setNoticeOpen(false);
  const copy = useCopyMedia();
  const render = useRenderMp4();
  const remove = useDeleteMedia();
  const failed = (error: unknown) =>
    setNotice({ severity: 'error', text: describe(error, { CONFLICT: 'medias:notices.notReady' }) });

  const onAction = (action: MediaAction, media: MediaItem) => {
    if (action === 'play') setPlaying(media);
    else if (action === 'rename') setRenaming(media);
    else if (action === 'delete') setDeleting(media);
    else if (action === 'publish') setPublishing(media);
    else if (action === 'copy')
      copy.mutate(media.id, {
        onSuccess: (created) =>
          setNotice({ severity: 'success', text: t('notices.copied', { name: created.name }) }),
        onError: failed,
      });
    else if (action === 'render')
      render.mutate(media.id, {
        onSuccess: () =>
          setNotice({
            severity: 'success',
            text: t('notices.renderStarted', { name: media.name }),
            jobs: true,
          }),
        onError: failed,
      });
  };

  const dialogs = (
    <>
      <PreviewDialog media={playing} onClose={() => setPlaying(null)} />
      <RenameDialog media={renaming} onClose={() => setRenaming(null)} />
      {publishing && (
        <PublishDialog
          media={publishing}
          onClose={() => setPublishing(null)}
          onPublished={(count) => {
            setNotice({
              severity: 'success',
              text: t('notices.publishStarted', { count, name: publishing.name }),
              jobs: true,
            });
            setPublishing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        text={t('delete.text', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        error={remove.error}
        errorOverrides={{ CONFLICT: 'medias:delete.inUse' }}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
      <Snackbar
        open={noticeOpen}
        autoHideDuration={6000}
        onClose={(_event, reason) => reason !== 'clickaway' && closeNotice()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice.severity}
          variant="filled"
          onClose={closeNotice}
          action={
            notice.jobs ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeNotice();
                  onShowJobs();
                }}
              >
                {t('notices.showJobs')}
              </Button>
            ) : undefined
          }
        >
          {notice.text}
        </Alert>
      </Snackbar>
    </>
  );

  return { onAction, dialogs };
}
