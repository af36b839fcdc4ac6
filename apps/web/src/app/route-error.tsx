import { StartupError } from './startup-error';

/** A render error anywhere below the root: the same reload advice as a failed start. */
export function RouteError() {
  return <StartupError />;
}
