import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { fillPath } from '@stromwerk/contracts/api/route';
import type { Media } from '@stromwerk/contracts/medias';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';

export interface UploadCall {
  workspaceId: string;
  file: File;
  onProgress: (loaded: number, total: number) => void;
  signal: AbortSignal;
}

/**
 * POST /v1/medias/upload with one file per request, so each file has its own progress and can be
 * cancelled alone (the server treats a request as all or nothing).
 */
export function uploadMedia({ workspaceId, file, onProgress, signal }: UploadCall) {
  return api.upload<{ items: Media[] }>({
    path: `${fillPath(mediaRoutes.upload.path)}?workspaceId=${encodeURIComponent(workspaceId)}`,
    files: file,
    onProgress,
    signal,
  });
}

/** The upload call, refreshing the library and the job list (thumbnails) once a file is in. */
export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useCallback(
    async (call: UploadCall) => {
      const result = await uploadMedia(call);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['medias'] }),
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
      ]);
      return result;
    },
    [queryClient],
  );
}
