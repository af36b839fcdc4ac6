import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DraftProblem, MainClip } from '@stromwerk/contracts/drafts';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useMedia } from '../../medias/api/get-media';
import type { TimelineIssues } from '../timeline-edit';
import { ClipSound } from './clip-sound';
import { SecondsField } from './seconds-field';

/** One main-track clip: its picture and name, In and Out, its sound, and the buttons to move or remove it. */
export function ClipCard({
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
        // Two number fields side by side, with whole German labels ("Einblenden (s)", "Ausblenden (s)").
        width: 280,
        maxWidth: '100%',
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
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
      <ClipSound clip={clip} onChange={onChange} />
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

export function Action({
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
