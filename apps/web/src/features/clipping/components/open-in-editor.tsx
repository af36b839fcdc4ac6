import MovieCreationOutlined from '@mui/icons-material/MovieCreationOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Revived } from '@stromwerk/client/dates';
import type { CreateClipResult } from '@stromwerk/contracts/clips';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCreateDraft } from '../../editor/api/drafts';
import { mediaQueryOptions } from '../../medias/api/get-media';

/**
 * "Open in the Video Editor": a new draft whose main track is the clips made here, in the order they were
 * made, each whole. Offered once every clip has a playable file (its length is known).
 */
export function OpenInEditor({
  created,
  workspaceId,
}: {
  created: Revived<CreateClipResult>[];
  workspaceId: string;
}) {
  const { t } = useTranslation('clipping');
  const navigate = useNavigate();
  const params = useParams();
  const editorPath = `/${params.corporationId}/${params.workspaceId}/editor`;
  const createDraft = useCreateDraft();
  const media = useQueries({
    queries: created.map((c) => mediaQueryOptions(c.media.id)),
  });
  const ready = media.every((m) => m.data?.status === 'ready' && m.data.durationMs);
  const open = async () => {
    const draft = await createDraft.mutateAsync({
      workspaceId,
      name: t('editor.draftName', { count: created.length }),
      fromMediaIds: created.map((c) => c.media.id),
    });
    navigate(`${editorPath}?draft=${draft.id}`);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MovieCreationOutlined />}
        disabled={!ready || createDraft.isPending}
        onClick={() => void open().catch(() => {})}
        sx={{ mt: 1 }}
      >
        {t('editor.open', { count: created.length })}
      </Button>
      {createDraft.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('editor.failed')}
        </Alert>
      )}
    </>
  );
}
