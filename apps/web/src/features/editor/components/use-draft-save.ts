import { ApiError } from '@stromwerk/client/api-error';
import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type DraftItem, draftQueryOptions, useUpdateDraft } from '../api/drafts';

export interface Doc {
  name: string;
  timeline: Timeline;
  output: DraftOutput;
}

/** How long the editor waits after the last edit before it saves by itself. */
export const AUTOSAVE_MS = 2000;

/**
 * Saving a draft with the revision it was loaded at (or last saved as), by hand and by itself a moment
 * after the last edit. A stale revision is refused by the server (409 DRAFT_CONFLICT); from then on, and
 * as soon as a live message brings a newer revision, nothing is saved by itself: the editor shows the
 * conflict and the user chooses. A save that failed otherwise is not retried until the next edit.
 */
export function useDraftSave({
  initial,
  latest,
  doc,
  invalid,
}: {
  initial: DraftItem;
  latest: DraftItem;
  doc: Doc;
  invalid: boolean;
}) {
  const queryClient = useQueryClient();
  const update = useUpdateDraft(initial.id);
  const [saved, setSaved] = useState<{ doc: Doc; revision: number }>({
    doc: { name: initial.name, timeline: initial.timeline, output: initial.output },
    revision: initial.revision,
  });
  const [showInvalid, setShowInvalid] = useState(false);
  const dirty =
    doc.timeline !== saved.doc.timeline || doc.output !== saved.doc.output || doc.name !== saved.doc.name;
  const refused = update.error instanceof ApiError && update.error.code === 'DRAFT_CONFLICT';
  // A live message brought a revision saved elsewhere: saving would be refused, so say it now.
  const conflict = refused || latest.revision > saved.revision;
  const failed = useRef<Doc | null>(null);

  /** Saves the editor's version; `over` saves it over a newer one the user has seen (the conflict notice). */
  const save = async (over?: number): Promise<boolean> => {
    if (invalid) {
      setShowInvalid(true);
      return false;
    }
    setShowInvalid(false);
    const sending = doc;
    try {
      const answer = await update.mutateAsync({
        revision: over ?? saved.revision,
        name: sending.name,
        timeline: sending.timeline,
        output: sending.output,
      });
      setSaved({ doc: sending, revision: answer.revision });
      queryClient.setQueryData(draftQueryOptions(initial.id).queryKey, answer);
      return true;
    } catch (error) {
      failed.current = sending;
      // Refused as stale: fetch the newer version, so the notice can say what it changed.
      if (error instanceof ApiError && error.code === 'DRAFT_CONFLICT')
        void queryClient.invalidateQueries({ queryKey: draftQueryOptions(initial.id).queryKey });
      return false;
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  const waiting = dirty && !invalid && !conflict && !update.isPending && failed.current !== doc;
  // Every edit (a new `doc`) starts the wait over: the save comes a moment after the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `doc` restarts the timer on purpose
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void saveRef.current(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [waiting, doc]);

  return { update, saved, dirty, refused, conflict, showInvalid, save, saveRef };
}
