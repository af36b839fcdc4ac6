import type { BulkUpdateOutputsBody, Latency, UpdateOutputBody } from '@stromwerk/contracts/outputs';
import {
  behaviours as behaviourValues,
  directions as directionValues,
  latencies as latencyValues,
  moderationLevels,
} from '@stromwerk/contracts/values';
import type { OutputItem } from '../api/types';

/** Create one, edit one, or edit a selection (only the changed settings are applied to all). */
export type FormTarget =
  | { kind: 'create' }
  | { kind: 'edit'; output: OutputItem }
  | { kind: 'bulk'; outputs: OutputItem[] };

export type Behaviour = (typeof behaviourValues)[number];
export type Moderation = (typeof moderationLevels)[number];
export type Direction = (typeof directionValues)[number];

// The value sets come from contracts' zod-free values module.
export const behaviours: readonly Behaviour[] = behaviourValues;
export const latencies: readonly Latency[] = latencyValues;
export const moderations: readonly Moderation[] = moderationLevels;
export const directions: readonly Direction[] = directionValues;

/** The form's state: selects hold '' for none, numbers are typed as text until saved. */
export interface Values {
  name: string;
  mainSourceId: string;
  backupSourceId: string;
  fallbackMediaId: string;
  behaviour: Behaviour;
  latency: Latency;
  direction: Direction;
  recording: boolean;
  vodAfterStream: boolean;
  overlayMediaId: string;
  overlayX: string;
  overlayY: string;
  overlayWidth: string;
  overlayHeight: string;
  background: string;
  commentsEnabled: boolean;
  commentExpirationHours: number;
  moderation: Moderation;
  viewerLimitEnabled: boolean;
  viewerLimit: string;
  whitelist: string;
  passwords: string;
}

export type Errors = Partial<Record<keyof Values, string>>;

/** What every form section receives. */
export interface SectionProps {
  values: Values;
  set: <K extends keyof Values>(field: K, value: Values[K]) => void;
  /** The translated error of a field, once the form was submitted. */
  err: (field: keyof Values) => string | undefined;
}

export function initialValues(
  output: OutputItem | null,
  passwords: string[],
  firstSourceId: string | undefined,
): Values {
  const overlay = output?.overlay;
  return {
    name: output?.name ?? '',
    mainSourceId: output ? (output.mainSourceId ?? '') : (firstSourceId ?? ''),
    backupSourceId: output?.backupSourceId ?? '',
    fallbackMediaId: output?.fallbackMediaId ?? '',
    behaviour: output?.behaviour ?? 'auto',
    latency: output?.latency ?? 'normal',
    direction: output?.direction ?? 'landscape',
    recording: output?.recording ?? false,
    vodAfterStream: output?.vodAfterStream ?? false,
    overlayMediaId: overlay?.mediaId ?? '',
    overlayX: String(overlay?.x ?? 75),
    overlayY: String(overlay?.y ?? 5),
    overlayWidth: String(overlay?.width ?? 20),
    overlayHeight: String(overlay?.height ?? 20),
    background: output?.background ?? '#000000',
    commentsEnabled: output?.commentsEnabled ?? false,
    commentExpirationHours: output?.commentExpirationHours ?? 0,
    moderation: output?.moderation ?? 'approval',
    viewerLimitEnabled: output?.viewerLimitEnabled ?? false,
    viewerLimit: String(output?.viewerLimit ?? 100),
    whitelist: (output?.whitelist ?? []).join('\n'),
    passwords: passwords.join('\n'),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const DOMAIN = /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$/;

function percent(value: string, min: number): string | undefined {
  if (!value.trim()) return 'validation.inputRequired';
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= min && n <= 100 ? undefined : 'validation.percent';
}

/** Keys in the `outputs` namespace; spec section 5 words the required ones. */
export function validate(v: Values, bulk: boolean): Errors {
  const e: Errors = {};
  if (!bulk && !v.name.trim()) e.name = 'validation.required';
  else if (v.name.trim().length > 120) e.name = 'validation.tooLong';
  if (v.backupSourceId && v.backupSourceId === v.mainSourceId) e.backupSourceId = 'validation.backupSame';
  if (v.behaviour === 'media' && !v.fallbackMediaId) e.fallbackMediaId = 'validation.selectionRequired';
  if (v.overlayMediaId) {
    for (const [field, min] of [
      ['overlayX', 0],
      ['overlayY', 0],
      ['overlayWidth', 1],
      ['overlayHeight', 1],
    ] as const) {
      const error = percent(v[field], min);
      if (error) e[field] = error;
    }
  }
  if (!/^#[0-9a-fA-F]{6}$/.test(v.background)) e.background = 'validation.colour';
  if (v.viewerLimitEnabled) {
    if (!v.viewerLimit.trim()) e.viewerLimit = 'validation.inputRequired';
    else if (!validLimit(v.viewerLimit)) e.viewerLimit = 'validation.viewerLimit';
  }
  const domains = lines(v.whitelist.toLowerCase());
  if (domains.length > 100 || domains.some((d) => !DOMAIN.test(d))) e.whitelist = 'validation.domains';
  const passwords = lines(v.passwords);
  if (passwords.length > 100 || passwords.some((p) => p.length > 200)) e.passwords = 'validation.passwords';
  return e;
}

function validLimit(value: string): boolean {
  const n = Number(value);
  return /^\d+$/.test(value.trim()) && n >= 1 && n <= 1_000_000;
}

const num = (value: string) => Number(value.replace(',', '.'));

/** Every setting of the form as the API takes it. */
export function toBody(v: Values): UpdateOutputBody & { name: string; passwords: string[] } {
  return {
    name: v.name.trim(),
    mainSourceId: v.mainSourceId || null,
    backupSourceId: v.backupSourceId || null,
    fallbackMediaId: v.fallbackMediaId || null,
    behaviour: v.behaviour,
    latency: v.latency,
    direction: v.direction,
    recording: v.recording,
    vodAfterStream: v.vodAfterStream,
    overlay: v.overlayMediaId
      ? {
          mediaId: v.overlayMediaId,
          x: num(v.overlayX),
          y: num(v.overlayY),
          width: num(v.overlayWidth),
          height: num(v.overlayHeight),
        }
      : null,
    background: v.background.toLowerCase(),
    commentsEnabled: v.commentsEnabled,
    commentExpirationHours: v.commentExpirationHours as UpdateOutputBody['commentExpirationHours'],
    moderation: v.moderation,
    viewerLimitEnabled: v.viewerLimitEnabled,
    viewerLimit: validLimit(v.viewerLimit) ? Number(v.viewerLimit) : undefined,
    whitelist: lines(v.whitelist.toLowerCase()),
    passwords: lines(v.passwords),
  };
}

/**
 * Bulk edit: only the settings the user touched go to every selected output (touched, not changed: a
 * switch that shows the first output's "on" can be switched off and on again to apply "on" to all).
 * Names and passwords stay each output's own.
 */
export function touchedSettings(
  values: Values,
  touched: ReadonlySet<keyof Values>,
): BulkUpdateOutputsBody['changes'] {
  const after = toBody(values) as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const field of touched) {
    if (field === 'name' || field === 'passwords') continue;
    const key = field.startsWith('overlay') ? 'overlay' : field;
    body[key] = after[key];
  }
  // A limit switched on needs its maximum even when the number itself was left as it was.
  if (body.viewerLimitEnabled === true) body.viewerLimit = after.viewerLimit;
  return body as BulkUpdateOutputsBody['changes'];
}
