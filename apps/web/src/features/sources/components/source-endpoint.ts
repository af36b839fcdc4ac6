import type { SourceType, StreamEndpoint } from '@stromwerk/contracts/sources';
import { codeOf, fieldErrorsOf } from '../../../lib/api-errors';
import type { Message } from '../../../lib/forms/messages';
import type { Errors, Values } from './source-form-values';

/** Which protocol each region takes (spec section 9): SRT sources use Europe (SRT), RTMP sources the others. */
const PROTOCOL: Record<StreamEndpoint, 'rtmp' | 'srt'> = {
  europe: 'rtmp',
  'us-west': 'rtmp',
  'europe-srt': 'srt',
};
const ALL = Object.keys(PROTOCOL) as StreamEndpoint[];

/** The regions a source of `type` may use; none for sources without an encoder. */
export const endpointsFor = (type: SourceType): StreamEndpoint[] =>
  type === 'rtmp' || type === 'srt' ? ALL.filter((e) => PROTOCOL[e] === type) : [];

/**
 * The region after the type changed: the current one when the new type takes it, else the first the type
 * takes (SRT: Europe (SRT); RTMP: Europe). Sources without an encoder keep theirs (it is not sent).
 */
export function endpointForType(type: SourceType, current: StreamEndpoint): StreamEndpoint {
  const allowed = endpointsFor(type);
  if (allowed.length === 0 || allowed.includes(current)) return current;
  return allowed[0]!;
}

/** Where each field path the server names (`body.endpoint`, `endpoint`, ...) lives in the form. */
const FIELDS: Record<string, keyof Values> = {
  name: 'name',
  type: 'type',
  endpoint: 'endpoint',
  recording: 'recording',
  startNow: 'startNow',
  scheduledStart: 'scheduledStart',
  mediaId: 'mediaId',
  loop: 'loop',
  maintenanceStart: 'maintenanceStart',
  maintenanceEnd: 'maintenanceEnd',
};
/** The form's own words (namespace `sources`) for a field the server refused. */
const WORDS: Partial<Record<keyof Values, string>> = {
  endpoint: 'validation.endpoint',
  mediaId: 'validation.mediaId',
};

export const formFieldOf = (path: string): keyof Values | undefined =>
  FIELDS[path.replace(/^body\./, '').split('.')[0] ?? ''];

/**
 * The fields a refused save names (the server's VALIDATION_FAILED `details`), each in the form's words
 * where it has them, else the server's own message; another code on a field takes its translated text.
 */
export function sourceServerErrors(error: unknown): Errors {
  const e: Errors = {};
  const code = codeOf(error);
  for (const [path, text] of Object.entries(fieldErrorsOf(error))) {
    const field = formFieldOf(path);
    if (!field || e[field]) continue;
    const own = WORDS[field];
    e[field] =
      code && code !== 'VALIDATION_FAILED'
        ? `common:errors.${code}`
        : (own ?? ({ key: 'validation.server', values: { message: text } } satisfies Message));
  }
  return e;
}
