import MovieCreationOutlined from '@mui/icons-material/MovieCreationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useAvailableFeatures } from '../../../lib/use-available-features';
import { useCreateDraft } from '../../editor/api/drafts';
import type { MediaItem } from '../api/types';

/** Media that can be a whole clip on a draft's main track: ready, with a length. */
export const selectable = (media: MediaItem) => media.status === 'ready' && Boolean(media.durationMs);

/**
 * What is selected in the library and what to do with it: "New draft from selection" makes a draft whose
 * main track is the selected media, whole, in the order they were selected, and opens it in the editor.
 */
export function SelectionBar({
  workspaceId,
  selected,
  names,
  onClear,
}: {
  workspaceId: string;
  selected: string[];
  names: Map<string, string>;
  onClear: () => void;
}) {
  const { t } = useTranslation('medias');
  const features = useAvailableFeatures();
  const navigate = useNavigate();
  const params = useParams();
  const createDraft = useCreateDraft();
  if (selected.length === 0) return null;
  const first = names.get(selected[0]!) ?? '';
  const create = async () => {
    const draft = await createDraft.mutateAsync({
      workspaceId,
      name: t('selection.draftName', { count: selected.length - 1, name: first }).slice(0, 120),
      fromMediaIds: selected,
    });
    navigate(`/${params.corporationId}/${params.workspaceId}/editor?draft=${draft.id}`);
  };
  return (
    <Card
      variant="outlined"
      role="region"
      aria-label={t('selection.label')}
      sx={{ p: 1.5, mb: 1.5, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 600 }}>
          {t('selection.count', { count: selected.length })}
        </Typography>
        {features.has('editor') && (
          <Button
            variant="contained"
            size="small"
            startIcon={<MovieCreationOutlined />}
            loading={createDraft.isPending}
            onClick={() => void create().catch(() => {})}
          >
            {t('selection.newDraft')}
          </Button>
        )}
        <Button size="small" onClick={onClear}>
          {t('selection.clear')}
        </Button>
      </Box>
      <ErrorAlert error={createDraft.error} />
    </Card>
  );
}
