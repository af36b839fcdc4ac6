import { errorFromResponse } from './api-error';
import { parseJson, type Revived } from './dates';

/**
 * Turns a finished response into the call's result; shared by fetch and both upload transports so
 * every path maps success and failure the same way.
 */
export function settle<T>(status: number, text: string): Revived<T> {
  if (status < 200 || status > 299) throw errorFromResponse(status, text);
  // 204 and empty bodies are success without a value.
  if (status === 204 || text === '') return undefined as Revived<T>;
  try {
    return parseJson<T>(text);
  } catch {
    // A 2xx that is not JSON is handed over as text rather than turned into a failure.
    return text as Revived<T>;
  }
}

export function isRedirect(status: number): boolean {
  return status >= 300 && status <= 399;
}
