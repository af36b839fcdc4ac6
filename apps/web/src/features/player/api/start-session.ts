import { useMutation } from '@tanstack/react-query';
import { takeEarlySession } from './early-start';
import { playApi } from './play-client';

/**
 * POST /v1/play/{id}/session: becomes a viewer. Fails with 401 PASSWORD_REQUIRED, 403 DOMAIN_NOT_ALLOWED
 * or 403 VIEWER_LIMIT_REACHED; the page shows each of them in words.
 */
export function useStartSession(outputId: string) {
  return useMutation({
    mutationFn: async (body: { password?: string; embedOrigin?: string }) =>
      (await takeEarlySession(outputId, body.password)) ??
      playApi.session({ params: { id: outputId }, body }),
  });
}
