import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DraftProblem, Timeline } from '@stromwerk/contracts/drafts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addClip,
  duplicateClip,
  moveClip,
  removeClip,
  setTransition,
  type TimelineIssues,
  updateClip,
} from '../timeline-edit';
import { AddMedia } from './add-media';
import { ClipCard } from './clip-card';
import { JoinField } from './join-field';

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
            // On a narrow screen the join goes under its clip: beside it, it was cut off at 390 px.
            <Box
              component="li"
              key={clip.id}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'stretch', maxWidth: '100%' }}
            >
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
                <JoinField
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
      <AddMedia
        workspaceId={workspaceId}
        label={t('main.addMedia')}
        button={t('main.addButton')}
        needs="video"
        refuse={(media) => (media.info && !media.info.video ? t('main.noPicture') : null)}
        onAdd={(media) => edit((current) => addClip(current, media.id, media.durationMs ?? 0))}
      />
    </Box>
  );
}
