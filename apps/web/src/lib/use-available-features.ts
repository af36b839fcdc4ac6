import type { Feature } from '@stromwerk/contracts/permissions';
import { useMemo } from 'react';
import { useUserFlags } from './queries/user-flags';
import { useActiveContext } from './use-active-context';

/**
 * Spec section 2: an entry with an access requirement shows only if that feature is available in the
 * active context: the active corporation's features plus the user's own flags (GET /v1/user-flags).
 */
export function useAvailableFeatures(): ReadonlySet<Feature> {
  const { corporation } = useActiveContext();
  const flags = useUserFlags();
  return useMemo(() => new Set<Feature>([...(corporation?.features ?? []), ...flags]), [corporation, flags]);
}
