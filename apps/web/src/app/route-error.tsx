import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { StartupError } from './startup-error';

/**
 * A render error anywhere below the root: the same reload advice as a failed start. The error itself goes
 * to the browser's console, where a support request or a test's trace can show what broke.
 */
const describe = (error: unknown) => {
  if (error instanceof Error) return error.stack ?? error.message;
  try {
    return JSON.stringify(error, Object.getOwnPropertyNames(error ?? {}));
  } catch {
    return String(error);
  }
};

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('The app stopped on an error:', describe(error));
  }, [error]);
  return <StartupError />;
}
