import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type DraftProblem,
  type MainClip,
  type Timeline,
  TRANSITION_MS,
  transitionTypes,
} from '@stromwerk/contracts/drafts';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { MediaPicker } from '../../../components/media-picker';
import { useFormat } from '../../../lib/format';
import { mediaQueryOptions, useMedia } from '../../medias/api/get-media';
import {
  addClip,
  duplicateClip,
  moveClip,
  removeClip,
  setTransition,
  type TimelineIssues,
  updateClip,
} from '../timeline-edit';
import { SecondsField } from './seconds-field';

type Edit = (edit: (t: Timeline) => Timeline) => void;

/**
 * The main track: its clips in playing order, each with its media's picture and name, In and Out, and
 * the join to the next one. Alt+← / → on a focused clip moves it; the focus stays with the clip.
 */
export function MainTrack({
  timeline,
  edit,
  issues,
  problems,
  workspaceId,
}: {
  timeline: Timeline;
  edit: Edit;
  issues: TimelineIssues;
  problems: DraftProblem[];
  workspaceId: string;
}) {
  const { t } = useTranslation('editor');
  const cards = useRef(new Map<string, HTMLElement>());
  const [focusClip, setFocusClip] = useState<string | null>(null);
  useEffect(() => {
    if (!focusClip) return;
    cards.current.get(focusClip)?.focus();
    setFocusClip(null);
  }, [focusClip]);

  const move = (index: number, by: number) => {
    const clip = timeline.main[index];
    edit((current) => moveClip(current, index, by));
    if (clip) setFocusClip(clip.id);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || !event.altKey) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      move(index, event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  const main = timeline.main;
  return (
    <Box component="section" aria-labelledby="main-track-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="main-track-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('main.label')}
      </Typography>
      {main.length === 0 ? (
        <Typography color="text.secondary">{t('main.empty')}</Typography>
      ) : (
        <Box
          component="ol"
          aria-labelledby="main-track-heading"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {main.map((clip, index) => (
            <Box component="li" key={clip.id} sx={{ display: 'flex', gap: 1, alignItems: 'stretch' }}>
              <ClipCard
                clip={clip}
                index={index}
                count={main.length}
                issues={issues}
                problems={problems.filter((p) => p.clipId === clip.id)}
                cardRef={(el) => {
                  if (el) cards.current.set(clip.id, el);
                  else cards.current.delete(clip.id);
                }}
                onKeyDown={onKeyDown(index)}
                onChange={(patch) => edit((current) => updateClip(current, index, patch))}
                onMove={(by) => move(index, by)}
                onDuplicate={() => edit((current) => duplicateClip(current, index))}
                onRemove={() => edit((current) => removeClip(current, index))}
              />
              {index < main.length - 1 && (
                <Join
                  clip={clip}
                  number={index + 1}
                  tooLong={issues.joinTooLong.has(clip.id)}
                  onChange={(transition) => edit((current) => setTransition(current, index, transition))}
                />
              )}
            </Box>
          ))}
        </Box>
      )}
      <AddClip
        workspaceId={workspaceId}
        onAdd={(mediaId, ms) => edit((current) => addClip(current, mediaId, ms))}
      />
    </Box>
  );
}

function ClipCard({
  clip,
  index,
  count,
  issues,
  problems,
  cardRef,
  onKeyDown,
  onChange,
  onMove,
  onDuplicate,
  onRemove,
}: {
  clip: MainClip;
  index: number;
  count: number;
  issues: TimelineIssues;
  problems: DraftProblem[];
  cardRef: (el: HTMLElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onChange: (patch: Partial<MainClip>) => void;
  onMove: (by: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('editor');
  const format = useFormat();
  const media = useMedia(clip.mediaId);
  const name = media.data?.name ?? (media.isPending ? t('main.loadingMedia') : clip.mediaId);
  const thumbnail = media.data?.links.thumbnail;
  const mediaLength = media.data?.durationMs ?? null;
  const outError = issues.tooShort.has(clip.id)
    ? t('main.tooShort')
    : issues.beyond.has(clip.id) && mediaLength != null
      ? t('main.beyond', { time: format.clock(mediaLength) })
      : undefined;
  const label = t('main.clip', { number: index + 1, name });
  return (
    <Card
      ref={cardRef}
      role="group"
      tabIndex={0}
      aria-label={label}
      aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
      onKeyDown={onKeyDown}
      data-testid="draft-clip"
      variant="outlined"
      sx={{
        width: 236,
        p: 1.25,
        display: 'grid',
        gap: 1,
        alignContent: 'start',
        borderColor: problems.length > 0 ? 'warning.main' : undefined,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover', borderRadius: 0.5, overflow: 'hidden' }}>
        {thumbnail && (
          <Box
            component="img"
            src={thumbnail}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {index + 1}. {name}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <SecondsField
          label={t('main.in')}
          valueMs={clip.inMs}
          onChangeMs={(inMs) => onChange({ inMs })}
          max={mediaLength == null ? undefined : mediaLength / 1000}
        />
        <SecondsField
          label={t('main.out')}
          valueMs={clip.outMs}
          onChangeMs={(outMs) => onChange({ outMs })}
          error={Boolean(outError)}
          max={mediaLength == null ? undefined : mediaLength / 1000}
        />
      </Box>
      {outError ? (
        <Typography variant="caption" color="error" role="alert">
          {outError}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('main.length', { time: format.clock(Math.max(0, clip.outMs - clip.inMs)) })}
        </Typography>
      )}
      {problems.map((p) => (
        <Alert key={p.message} severity="warning" sx={{ py: 0, px: 1 }}>
          {t('main.problem', { message: p.message })}
        </Alert>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Action label={t('main.moveLeft')} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowBack fontSize="small" />
        </Action>
        <Action label={t('main.moveRight')} disabled={index === count - 1} onClick={() => onMove(1)}>
          <ArrowForward fontSize="small" />
        </Action>
        <Action label={t('main.duplicate')} onClick={onDuplicate}>
          <ContentCopy fontSize="small" />
        </Action>
        <Action label={t('main.remove')} onClick={onRemove}>
          <DeleteOutlined fontSize="small" />
        </Action>
      </Box>
    </Card>
  );
}

function Action({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
  // A disabled button gets no pointer events: the tooltip needs a wrapper then.
  return <Tooltip title={label}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}

function Join({
  clip,
  number,
  tooLong,
  onChange,
}: {
  clip: MainClip;
  number: number;
  tooLong: boolean;
  onChange: (transition: { type: (typeof transitionTypes)[number]; durationMs: number }) => void;
}) {
  const { t } = useTranslation('editor');
  const type = clip.transitionOut?.type ?? 'cut';
  const durationMs = clip.transitionOut?.durationMs ?? 1000;
  return (
    <Box
      role="group"
      aria-label={t('join.label', { number })}
      sx={{ width: 150, display: 'grid', gap: 1, alignContent: 'center', px: 0.5 }}
    >
      <TextField
        select
        size="small"
        label={t('join.type')}
        value={type}
        onChange={(e) => onChange({ type: e.target.value as typeof type, durationMs })}
      >
        {transitionTypes.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`join.types.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {type !== 'cut' && (
        <SecondsField
          label={t('join.duration')}
          valueMs={durationMs}
          min={TRANSITION_MS.min / 1000}
          max={TRANSITION_MS.max / 1000}
          width={150}
          error={tooLong}
          helperText={tooLong ? t('join.tooLong') : undefined}
          onChangeMs={(ms) =>
            onChange({ type, durationMs: Math.min(TRANSITION_MS.max, Math.max(TRANSITION_MS.min, ms)) })
          }
        />
      )}
    </Box>
  );
}

function AddClip({
  workspaceId,
  onAdd,
}: {
  workspaceId: string;
  onAdd: (mediaId: string, ms: number) => void;
}) {
  const { t } = useTranslation('editor');
  const queryClient = useQueryClient();
  const [mediaId, setMediaId] = useState('');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const add = async () => {
    setAdding(true);
    setError(null);
    try {
      const media = await queryClient.fetchQuery(mediaQueryOptions(mediaId));
      onAdd(media.id, media.durationMs ?? 0);
      setMediaId('');
    } catch (e) {
      setError(e);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', maxWidth: 640 }}>
      <Box sx={{ flex: '1 1 300px' }}>
        <MediaPicker
          workspaceId={workspaceId}
          label={t('main.addMedia')}
          value={mediaId}
          onChange={setMediaId}
        />
      </Box>
      <Button variant="outlined" disabled={!mediaId} loading={adding} onClick={add}>
        {t('main.addButton')}
      </Button>
      <Box sx={{ width: '100%' }}>
        <ErrorAlert error={error} />
      </Box>
    </Box>
  );
}
