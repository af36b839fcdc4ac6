import type { Revived } from '@stromwerk/client/dates';
import type { CreateDraftBody, Draft, PreviewDraftBody, UpdateDraftBody } from '@stromwerk/contracts/drafts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A draft as the client hands it out (date fields may be revived to Date). */
export type DraftItem = Revived<Draft>;

/** Under ['drafts', …]: the live `draft` messages invalidate every list and detail by that prefix. */
const listKey = (workspaceId: string) => ['drafts', 'workspace', workspaceId];
export const draftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['drafts', id],
    queryFn: ({ signal }) => api.drafts.get({ params: { id } }, { signal }),
    retry: false,
  });

/** The workspace's drafts, most recently changed first. */
export function useDrafts(workspaceId: string) {
  return useQuery({
    queryKey: listKey(workspaceId),
    queryFn: async ({ signal }) => {
      const { items } = await api.drafts.listInWorkspace(
        { params: { id: workspaceId }, query: { limit: 200, offset: 0 } },
        { signal },
      );
      return [...items].sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime());
    },
    enabled: Boolean(workspaceId),
  });
}

export function useDraft(id: string | null) {
  return useQuery({ ...draftQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export function useCreateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDraftBody) => api.drafts.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drafts', 'workspace'] }),
  });
}

/** PUT /v1/drafts/{id}: names the revision the edit started from; a stale one is 409 DRAFT_CONFLICT. */
export function useUpdateDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDraftBody) => api.drafts.update({ params: { id }, body }),
    // The editor puts the answer into ['drafts', id] itself, after it took the new revision as its own:
    // the other way round it would for a moment look like a revision saved elsewhere.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drafts', 'workspace'] }),
  });
}

export function useRemoveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.drafts.remove({ params: { id } }),
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: ['drafts', id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['drafts', 'workspace'] }),
  });
}

/** PUT /v1/drafts/{id}/render: 202 with the `render-draft` job that makes the new media. */
export function useRenderDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.drafts.render({ params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['drafts'] }),
      ]),
  });
}

/**
 * POST /v1/drafts/{id}/preview: the seconds around `atMs` of the editor's timeline and output (saved or
 * not), rendered small by the server's real render graph; answers an MP4 as a Blob.
 */
export function useExactPreview(id: string) {
  return useMutation({
    // Rendering takes seconds; the server stops it after 60 s.
    mutationFn: (body: PreviewDraftBody) => api.drafts.preview({ params: { id }, body }, { timeout: 90_000 }),
  });
}
