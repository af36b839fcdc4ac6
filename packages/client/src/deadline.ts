import { ApiError, GenericError } from './api-error';

/**
 * One AbortSignal per call that fires on the time-out or on the caller's own signal, remembering which,
 * so the failure can say "timeout" or "aborted" instead of a bare network error.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Turns whatever the transport threw into ApiError/GenericError. */
  failure(error: unknown): ApiError | GenericError;
  clear(): void;
}

export function deadline(timeoutMs: number | false, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  let reason: 'timeout' | 'aborted' | undefined;
  const onOuterAbort = () => {
    reason ??= 'aborted';
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  const timer =
    timeoutMs === false || !Number.isFinite(timeoutMs)
      ? undefined
      : setTimeout(() => {
          reason ??= 'timeout';
          controller.abort(new Error(`Request timed out after ${timeoutMs} ms`));
        }, timeoutMs);

  return {
    signal: controller.signal,
    failure(error) {
      if (error instanceof ApiError || error instanceof GenericError) return error;
      if (reason === 'timeout') return new GenericError(0, 'timeout', controller.signal.reason);
      if (reason === 'aborted') return new GenericError(0, 'aborted', controller.signal.reason);
      return new GenericError(0, 'network', error);
    },
    clear() {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}
