import type { LoginBody } from '@stromwerk/contracts/users';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * POST /v1/users/login, then the session starts. Plain React state rather than a TanStack mutation: the
 * guest login (app/guest-app.tsx) renders without TanStack Query, which keeps it out of /login's load.
 */
export function useLogin() {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });
  const mutate = async (body: LoginBody, { onSuccess }: { onSuccess: () => void }) => {
    setState({ isPending: true, error: null });
    try {
      const result = await api.users.login({ body });
      session.start(result.token);
      onSuccess();
    } catch (error) {
      setState({ isPending: false, error });
    }
  };
  return { ...state, mutate };
}
