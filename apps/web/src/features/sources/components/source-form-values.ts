import { NAME_MAX_LENGTH, STREAM_ENDPOINTS } from '@stromwerk/contracts/limits';
import {
  createSourceBodySchema,
  type SourceType,
  type StreamEndpoint,
  type UpdateSourceBody,
  updateSourceBodySchema,
} from '@stromwerk/contracts/sources';
import { sourceTypes } from '@stromwerk/contracts/values';
import type { Message } from '../../../lib/forms/messages';
import { schemaErrors } from '../../../lib/forms/schema-errors';
import type { SourceItem } from '../../../lib/queries/source-item';

export { NAME_MAX_LENGTH };
// The value sets come from contracts' zod-free modules.
export const types: readonly SourceType[] = sourceTypes;
export const endpoints: readonly StreamEndpoint[] = STREAM_ENDPOINTS;

/** ISO date → value of an <input type="datetime-local"> in the browser's time zone. */
export function toLocalInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export interface Values {
  name: string;
  type: SourceType;
  endpoint: StreamEndpoint;
  recording: boolean;
  startNow: boolean;
  scheduledStart: string;
  mediaId: string;
  loop: boolean;
  maintenanceStart: string;
  maintenanceEnd: string;
}

export function initialValues(source: SourceItem | null): Values {
  return {
    name: source?.name ?? '',
    type: source?.type ?? 'rtmp',
    endpoint: source?.endpoint ?? 'europe',
    recording: source?.recording ?? false,
    startNow: source?.startNow ?? true,
    scheduledStart: toLocalInput(source?.scheduledStart),
    mediaId: source?.mediaId ?? '',
    loop: source?.loop ?? true,
    maintenanceStart: toLocalInput(source?.maintenanceStart),
    maintenanceEnd: toLocalInput(source?.maintenanceEnd),
  };
}

export type Errors = Partial<Record<keyof Values, string | Message>>;

/** What an edit sends (contracts' updateSourceBodySchema); a create adds the type and the workspace. */
export function toBody(v: Values) {
  const isEncoder = v.type === 'rtmp' || v.type === 'srt';
  return {
    name: v.name.trim(),
    endpoint: isEncoder ? v.endpoint : undefined,
    recording: v.recording,
    startNow: v.startNow,
    scheduledStart: v.startNow ? null : fromLocalInput(v.scheduledStart),
    mediaId: v.type === 'relive' ? v.mediaId.trim() : null,
    loop: v.loop,
    maintenanceStart: fromLocalInput(v.maintenanceStart),
    maintenanceEnd: fromLocalInput(v.maintenanceEnd),
  } satisfies UpdateSourceBody;
}

const FIELDS = new Set<string>(Object.keys(initialValues(null)));
const fieldOf = (path: string) => (FIELDS.has(path) ? (path as keyof Values) : undefined);

/**
 * Keys in the `sources` namespace. What the API checks comes from its schema for the save (create or
 * update); the form adds the rules of its own the schema cannot see (a relive needs its media, a
 * scheduled start its time, a maintenance window both ends in order).
 */
export function validate(v: Values, create: boolean): Errors {
  const body = toBody(v);
  const e: Errors = create
    ? schemaErrors(
        createSourceBodySchema.omit({ workspaceId: true }),
        { ...body, type: v.type },
        {
          fieldOf,
          values: v,
          words,
        },
      )
    : schemaErrors(updateSourceBodySchema, body, { fieldOf, values: v, words });
  if (!v.startNow && !v.scheduledStart) e.scheduledStart = 'validation.required';
  if (v.type === 'relive' && !v.mediaId.trim()) e.mediaId = 'validation.required';
  if (v.maintenanceStart && !v.maintenanceEnd) e.maintenanceEnd = 'validation.required';
  if (!v.maintenanceStart && v.maintenanceEnd) e.maintenanceStart = 'validation.required';
  if (v.maintenanceStart && v.maintenanceEnd && v.maintenanceEnd <= v.maintenanceStart) {
    e.maintenanceEnd = 'validation.endAfterStart';
  }
  return e;
}

/** The media id the schema refuses is "not a valid media id"; the other fields take the common words. */
const words = (field: keyof Values, _issue: unknown, empty: boolean) =>
  field === 'mediaId' && !empty ? 'validation.mediaId' : undefined;
