import type { PlaySession } from '@stromwerk/contracts/outputs';
import { useMutation } from '@tanstack/react-query';
import { playHttp, playPath } from './play-client';

/**
 * POST /v1/play/{id}/session: becomes a viewer. Fails with 401 PASSWORD_REQUIRED, 403 DOMAIN_NOT_ALLOWED
 * or 403 VIEWER_LIMIT_REACHED; the page shows each of them in words.
 */
export function useStartSession(outputId: string) {
  return useMutation({
    mutationFn: (body: { password?: string; embedOrigin?: string }) =>
      playHttp.request<PlaySession>({ method: 'POST', path: playPath(outputId, 'session'), body }),
  });
}

/** The site that frames the player, if it is framed: the server checks it against the whitelist. */
export function embeddingOrigin(): string | undefined {
  if (window.self === window.top) return undefined;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}
