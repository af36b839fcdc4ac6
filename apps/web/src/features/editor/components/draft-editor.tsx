import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { useFormat } from '../../../lib/format';
import type { JobItem, MediaItem } from '../../medias/api/types';
import { type DraftItem, draftQueryOptions, useDraft, useRenderDraft } from '../api/drafts';
import { hasIssues, timelineDurationMs, timelineIssues } from '../timeline-edit';
import { AudioPanel } from './audio-panel';
import { ConflictNotice } from './conflict-notice';
import { DraftStatusChip } from './draft-status-chip';
import { BackButton, EditorActions } from './editor-actions';
import { EditorKeysHelp } from './editor-keys-help';
import { ExactPreview } from './exact-preview';
import { ImagesPanel } from './images-panel';
import { LosslessRange } from './lossless-range';
import { MainTrack } from './main-track';
import { OutputPanel } from './output-panel';
import { PreviewPlayer } from './preview-player';
import { RenameDialog } from './rename-dialog';
import { RenderStatus } from './render-status';
import { TimelineStrip } from './timeline-strip';
import { TitlesPanel } from './titles-panel';
import { type Doc, useDraftSave } from './use-draft-save';
import { useEditHistory } from './use-edit-history';
import { useEditorKeys } from './use-editor-keys';
import { useSplit } from './use-split';

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

const card = { p: 2 } as const;

/**
 * One draft being edited: a local copy of its name, timeline and output with undo/redo, saved (by hand
 * and by itself) with the revision it was loaded at. The server's answers (status, problems, lossless)
 * come from `latest`, which the live draft messages keep current.
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
  const history = useEditHistory<Doc>({
    name: initial.name,
    timeline: initial.timeline,
    output: initial.output,
  });
  const doc = history.value;
  const [renaming, setRenaming] = useState(false);
  const [playheadMs, setPlayheadMs] = useState(0);
  const render = useRenderDraft(initial.id);
  const [renderJob, setRenderJob] = useState<{ id: string; started?: JobItem } | null>(
    latest.lastRender ? { id: latest.lastRender.jobId } : null,
  );

  const lengths = useRef(new Map<string, number | null>());
  for (const clip of doc.timeline.main) {
    const media = queryClient.getQueryData<MediaItem>(['medias', clip.mediaId]);
    if (media) lengths.current.set(clip.mediaId, media.durationMs);
  }
  // Cheap enough to redo on every render, which also picks up media lengths that arrived meanwhile.
  const issues = timelineIssues(doc.timeline, (id) => lengths.current.get(id));
  const invalid = hasIssues(issues) || doc.timeline.overlays.some((o) => o.type === 'text' && !o.text.trim());
  const saving = useDraftSave({ initial, latest, doc, invalid });
  useUnsavedChanges(saving.dirty);

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

  const startRender = async () => {
    if (saving.dirty && !(await saving.save())) return;
    render.mutate(undefined, { onSuccess: (job) => setRenderJob({ id: job.id, started: job }) });
  };
  const reload = async () => {
    await queryClient.fetchQuery({ ...draftQueryOptions(initial.id), staleTime: 0 });
    onReload();
  };
  const { split, refusal } = useSplit(doc.timeline, playheadMs, edit);
  useEditorKeys({ save: () => void saving.saveRef.current(), undo: history.undo, redo: history.redo, split });

  const durationMs = timelineDurationMs(doc.timeline);
  const blockers = latest.copyBlockers.map((b) => t(`blockers.${b}`, { defaultValue: b }));
  const rendering = latest.status === 'rendering' || render.isPending;
  const { dirty, update } = saving;

  return (
    <Page
      title={doc.name}
      subtitle={t('title')}
      maxWidth={1400}
      actions={
        <EditorActions
          onBack={onBack}
          onRename={() => setRenaming(true)}
          history={history}
          saving={update.isPending}
          dirty={dirty}
          onSave={() => void saving.save()}
          rendering={rendering}
          canRender={doc.timeline.main.length > 0 && !(latest.status === 'broken' && !dirty)}
          onRender={() => void startRender()}
        />
      }
    >
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <DraftStatusChip status={latest.status} />
          <Chip
            size="small"
            variant="outlined"
            label={update.isPending ? t('editor.saving') : dirty ? t('editor.unsaved') : t('editor.saved')}
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
        {saving.conflict && (
          <ConflictNotice
            base={saving.saved.doc}
            latest={latest}
            busy={update.isPending}
            onReload={() => void reload()}
            onKeepMine={() => void saving.save(latest.revision)}
          />
        )}
        {!saving.refused && <ErrorAlert error={update.error} />}
        {saving.showInvalid && invalid && <Alert severity="error">{t('editor.invalid')}</Alert>}
        <ErrorAlert error={render.error} />
        {doc.output.renderMode !== 'reencode' &&
          latest.copyBlockers.length === 0 &&
          doc.timeline.main.length > 0 && (
            <LosslessRange timeline={doc.timeline} onExact={() => setOutput({ renderMode: 'reencode' })} />
          )}
        {renderJob && (
          <RenderStatus
            jobId={renderJob.id}
            started={renderJob.started}
            draftName={doc.name}
            workspaceId={workspaceId}
            libraryPath={libraryPath}
          />
        )}
        <EditorKeysHelp />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <Card variant="outlined" sx={card}>
            <PreviewPlayer
              timeline={doc.timeline}
              output={doc.output}
              playheadMs={playheadMs}
              onPlayhead={setPlayheadMs}
              onSplit={split}
              splitRefusal={refusal}
            />
            <ExactPreview
              draftId={initial.id}
              timeline={doc.timeline}
              output={doc.output}
              playheadMs={playheadMs}
            />
          </Card>
          <Card variant="outlined" sx={card}>
            <OutputPanel output={doc.output} onChange={setOutput} />
          </Card>
        </Box>
        <Card variant="outlined" sx={card}>
          <TimelineStrip
            timeline={doc.timeline}
            edit={edit}
            playheadMs={playheadMs}
            onPlayhead={setPlayheadMs}
          />
        </Card>
        <Card variant="outlined" sx={card}>
          <MainTrack
            timeline={doc.timeline}
            edit={edit}
            issues={issues}
            problems={latest.problems}
            workspaceId={workspaceId}
          />
        </Card>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xl: '1fr 1fr' } }}>
          <Card variant="outlined" sx={card}>
            <AudioPanel timeline={doc.timeline} edit={edit} workspaceId={workspaceId} />
          </Card>
          <Card variant="outlined" sx={card}>
            <ImagesPanel
              timeline={doc.timeline}
              edit={edit}
              workspaceId={workspaceId}
              size={doc.output.size}
            />
          </Card>
          <Card variant="outlined" sx={{ ...card, gridColumn: { xl: '1 / -1' } }}>
            <TitlesPanel timeline={doc.timeline} edit={edit} issues={issues} />
          </Card>
        </Box>
      </Box>
      <RenameDialog
        open={renaming}
        name={doc.name}
        onRename={(name) => history.apply((d) => ({ ...d, name }))}
        onClose={() => setRenaming(false)}
      />
    </Page>
  );
}
