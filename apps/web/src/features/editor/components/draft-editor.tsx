import ArrowBack from '@mui/icons-material/ArrowBack';
import MovieCreationOutlined from '@mui/icons-material/MovieCreationOutlined';
import Redo from '@mui/icons-material/Redo';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ApiError } from '@stromwerk/client/api-error';
import { DRAFT_FPS, DRAFT_SIZES, type DraftOutput, type Timeline } from '@stromwerk/contracts/drafts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { useFormat } from '../../../lib/format';
import type { JobItem, MediaItem } from '../../medias/api/types';
import { type DraftItem, draftQueryOptions, useDraft, useRenderDraft, useUpdateDraft } from '../api/drafts';
import { hasIssues, timelineDurationMs, timelineIssues } from '../timeline-edit';
import { DraftStatusChip } from './draft-status-chip';
import { MainTrack } from './main-track';
import { RenderStatus } from './render-status';
import { TitlesPanel } from './titles-panel';
import { useEditHistory } from './use-edit-history';

interface Doc {
  timeline: Timeline;
  output: DraftOutput;
}

export function DraftEditor({
  draftId,
  workspaceId,
  libraryPath,
  onBack,
}: {
  draftId: string;
  workspaceId: string;
  libraryPath: string;
  onBack: () => void;
}) {
  const { t } = useTranslation('editor');
  const draft = useDraft(draftId);
  // A reload after a conflict starts the editor over from the server's version.
  const [generation, setGeneration] = useState(0);
  if (draft.isPending)
    return (
      <Page title={t('title')}>
        <CircularProgress aria-label={t('editor.loading')} />
      </Page>
    );
  if (!draft.data)
    return (
      <Page title={t('title')} actions={<BackButton onBack={onBack} />}>
        <ErrorAlert error={draft.error} />
      </Page>
    );
  return (
    <EditorBody
      key={generation}
      initial={draft.data}
      latest={draft.data}
      workspaceId={workspaceId}
      libraryPath={libraryPath}
      onBack={onBack}
      onReload={() => setGeneration((g) => g + 1)}
    />
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('editor');
  return (
    <Button startIcon={<ArrowBack />} onClick={onBack}>
      {t('editor.back')}
    </Button>
  );
}

const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type !== 'number' && target.type !== 'checkbox');

/**
 * One draft being edited: a local copy of its timeline and output with undo/redo, saved with the
 * revision it was loaded at. The server's answers (status, problems, lossless) come from `latest`,
 * which the live draft messages keep current.
 */
function EditorBody({
  initial,
  latest,
  workspaceId,
  libraryPath,
  onBack,
  onReload,
}: {
  initial: DraftItem;
  latest: DraftItem;
  workspaceId: string;
  libraryPath: string;
  onBack: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('editor');
  const format = useFormat();
  const queryClient = useQueryClient();
  const history = useEditHistory<Doc>({ timeline: initial.timeline, output: initial.output });
  const [saved, setSaved] = useState<{ doc: Doc; revision: number }>({
    doc: { timeline: initial.timeline, output: initial.output },
    revision: initial.revision,
  });
  const [showInvalid, setShowInvalid] = useState(false);
  const update = useUpdateDraft(initial.id);
  const render = useRenderDraft(initial.id);
  const [renderJob, setRenderJob] = useState<{ id: string; started?: JobItem } | null>(
    latest.lastRender ? { id: latest.lastRender.jobId } : null,
  );

  const doc = history.value;
  const dirty = doc.timeline !== saved.doc.timeline || doc.output !== saved.doc.output;
  useUnsavedChanges(dirty);

  const lengths = useRef(new Map<string, number | null>());
  for (const clip of doc.timeline.main) {
    const media = queryClient.getQueryData<MediaItem>(['medias', clip.mediaId]);
    if (media) lengths.current.set(clip.mediaId, media.durationMs);
  }
  // Cheap enough to redo on every render, which also picks up media lengths that arrived meanwhile.
  const issues = timelineIssues(doc.timeline, (id) => lengths.current.get(id));
  const invalid = hasIssues(issues) || doc.timeline.overlays.some((o) => o.type === 'text' && !o.text.trim());

  const refused = update.error instanceof ApiError && update.error.code === 'DRAFT_CONFLICT';
  // A live message brought a revision saved elsewhere: saving would be refused, so say it now.
  const conflict = refused || latest.revision > saved.revision;
  const edit = useCallback(
    (change: (t: Timeline) => Timeline) =>
      history.apply((d) => {
        const timeline = change(d.timeline);
        return timeline === d.timeline ? d : { ...d, timeline };
      }),
    [history.apply],
  );
  const setOutput = (patch: Partial<DraftOutput>) =>
    history.apply((d) => ({ ...d, output: { ...d.output, ...patch } }));

  const save = async (): Promise<boolean> => {
    if (invalid) {
      setShowInvalid(true);
      return false;
    }
    setShowInvalid(false);
    const sending = doc;
    try {
      const answer = await update.mutateAsync({
        revision: saved.revision,
        timeline: sending.timeline,
        output: sending.output,
      });
      setSaved({ doc: sending, revision: answer.revision });
      queryClient.setQueryData(draftQueryOptions(initial.id).queryKey, answer);
      return true;
    } catch {
      return false;
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  const startRender = async () => {
    if (dirty && !(await save())) return;
    render.mutate(undefined, { onSuccess: (job) => setRenderJob({ id: job.id, started: job }) });
  };

  const reload = async () => {
    await queryClient.fetchQuery({ ...draftQueryOptions(initial.id), staleTime: 0 });
    onReload();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        void saveRef.current();
      } else if (key === 'z' && !isTextEntry(event.target)) {
        event.preventDefault();
        if (event.shiftKey) history.redo();
        else history.undo();
      } else if (key === 'y' && !isTextEntry(event.target)) {
        event.preventDefault();
        history.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history.undo, history.redo]);

  const durationMs = timelineDurationMs(doc.timeline);
  const blockers = latest.copyBlockers.map((b) => t(`blockers.${b}`, { defaultValue: b }));
  const rendering = latest.status === 'rendering' || render.isPending;

  return (
    <Page
      title={latest.name}
      subtitle={t('title')}
      maxWidth={1400}
      actions={
        <>
          <BackButton onBack={onBack} />
          <Tooltip title={`${t('editor.undo')} (Ctrl+Z)`}>
            <span>
              <IconButton aria-label={t('editor.undo')} disabled={!history.canUndo} onClick={history.undo}>
                <Undo />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={`${t('editor.redo')} (Ctrl+Shift+Z)`}>
            <span>
              <IconButton aria-label={t('editor.redo')} disabled={!history.canRedo} onClick={history.redo}>
                <Redo />
              </IconButton>
            </span>
          </Tooltip>
          <Button
            variant="outlined"
            startIcon={<SaveOutlined />}
            loading={update.isPending}
            disabled={!dirty}
            onClick={() => void save()}
            aria-keyshortcuts="Control+S"
          >
            {t('editor.save')}
          </Button>
          <Button
            variant="contained"
            startIcon={<MovieCreationOutlined />}
            loading={rendering}
            disabled={doc.timeline.main.length === 0 || (latest.status === 'broken' && !dirty)}
            onClick={() => void startRender()}
          >
            {t('render.button')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <DraftStatusChip status={latest.status} />
          <Chip
            size="small"
            variant="outlined"
            label={dirty ? t('editor.unsaved') : t('editor.saved')}
            color={dirty ? 'warning' : 'default'}
          />
          <Typography data-testid="draft-duration">
            {t('editor.duration', { time: format.clock(durationMs) })}
          </Typography>
          {!dirty &&
            (latest.lossless ? (
              <Chip size="small" color="success" label={t('editor.lossless')} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('editor.reencode', { reasons: format.list(blockers) })}
              </Typography>
            ))}
        </Box>
        {conflict && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void reload()}>
                {t('editor.reload')}
              </Button>
            }
          >
            {t('editor.conflict')}
          </Alert>
        )}
        {!refused && <ErrorAlert error={update.error} />}
        {showInvalid && invalid && <Alert severity="error">{t('editor.invalid')}</Alert>}
        <ErrorAlert error={render.error} />
        {renderJob && (
          <RenderStatus
            jobId={renderJob.id}
            started={renderJob.started}
            draftName={latest.name}
            workspaceId={workspaceId}
            libraryPath={libraryPath}
          />
        )}
        <Typography variant="body2" color="text.secondary">
          {t('editor.keys')}
        </Typography>
        <Card variant="outlined" sx={{ p: 2 }}>
          <MainTrack
            timeline={doc.timeline}
            edit={edit}
            issues={issues}
            problems={latest.problems}
            workspaceId={workspaceId}
          />
        </Card>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xl: '2fr 1fr' } }}>
          <Card variant="outlined" sx={{ p: 2 }}>
            <TitlesPanel timeline={doc.timeline} edit={edit} issues={issues} />
          </Card>
          <Card variant="outlined" sx={{ p: 2 }}>
            <Box component="section" aria-labelledby="output-heading" sx={{ display: 'grid', gap: 1.5 }}>
              <Typography id="output-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
                {t('output.label')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <TextField
                  select
                  size="small"
                  label={t('output.size')}
                  value={doc.output.size}
                  onChange={(e) => setOutput({ size: e.target.value as DraftOutput['size'] })}
                  sx={{ width: 150 }}
                >
                  {DRAFT_SIZES.map((size) => (
                    <MenuItem key={size} value={size}>
                      {size.replace('x', ' × ')}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={t('output.fps')}
                  value={doc.output.fps}
                  onChange={(e) => setOutput({ fps: Number(e.target.value) as DraftOutput['fps'] })}
                  sx={{ width: 130 }}
                >
                  {DRAFT_FPS.map((fps) => (
                    <MenuItem key={fps} value={fps}>
                      {t('output.fpsValue', { fps })}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            </Box>
          </Card>
        </Box>
      </Box>
    </Page>
  );
}
