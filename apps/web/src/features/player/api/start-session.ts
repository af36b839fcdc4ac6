import { useMutation } from '@tanstack/react-query';
import { playApi } from './play-client';

/**
 * POST /v1/play/{id}/session: becomes a viewer. Fails with 401 PASSWORD_REQUIRED, 403 DOMAIN_NOT_ALLOWED
 * or 403 VIEWER_LIMIT_REACHED; the page shows each of them in words.
 */
export function useStartSession(outputId: string) {
  return useMutation({
    mutationFn: (body: { password?: string; embedOrigin?: string }) =>
      playApi.session({ params: { id: outputId }, body }),
  });
}

/**
 * The site that frames the player, or our own origin when the player page is opened directly: the
 * server checks it against the whitelist and binds the viewer token to it. Framed without a known
 * ancestor (no ancestorOrigins, no referrer), nothing is sent and a whitelisted player refuses.
 */
export function embeddingOrigin(): string | undefined {
  if (window.self === window.top) return window.location.origin;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}
