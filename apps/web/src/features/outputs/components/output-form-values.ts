import {
  OUTPUT_PASSWORD_MAX_LENGTH,
  OUTPUT_PASSWORDS_MAX,
  VIEWER_LIMIT_MAX,
  WHITELIST_MAX,
} from '@stromwerk/contracts/limits';
import {
  type BulkUpdateOutputsBody,
  createOutputBodySchema,
  type Latency,
  type UpdateOutputBody,
  updateOutputBodySchema,
} from '@stromwerk/contracts/outputs';
import {
  behaviours as behaviourValues,
  directions as directionValues,
  type LadderRung,
  ladderRungs as ladderValues,
  latencies as latencyValues,
  moderationLevels,
} from '@stromwerk/contracts/values';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { decimalNumber, type Message, schemaErrors, wholeNumber } from '../../../lib/forms/schema-errors';
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
export const ladderRungs: readonly LadderRung[] = ladderValues;

/** The form's state: selects hold '' for none, numbers are typed as text until saved. */
export interface Values {
  name: string;
  mainSourceId: string;
  backupSourceId: string;
  fallbackMediaId: string;
  behaviour: Behaviour;
  latency: Latency;
  /** The quality ladder; empty is "source only". */
  ladder: LadderRung[];
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

export type Errors = Partial<Record<keyof Values, string | Message>>;

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
    ladder: [...(output?.ladder ?? [])],
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

/** What each kind of save sends, checked by the operation's own schema (the create body less workspaceId,
 * which is not a field). */
const schemas = {
  create: createOutputBodySchema.omit({ workspaceId: true }),
  edit: updateOutputBodySchema,
  bulk: updateOutputBodySchema,
};

/** The form field that holds a schema path: `overlay.x` is overlayX, `whitelist.3` the whitelist. */
function fieldOf(path: string): keyof Values | undefined {
  const [top, sub] = path.split('.');
  if (top === 'overlay') {
    if (!sub || sub === 'mediaId') return 'overlayMediaId';
    return `overlay${sub[0]!.toUpperCase()}${sub.slice(1)}` as keyof Values;
  }
  return top && top in FIELD_NAMES ? (top as keyof Values) : undefined;
}
const FIELD_NAMES: Record<keyof Values, true> = Object.fromEntries(
  Object.keys(initialValues(null, [], undefined)).map((field) => [field, true]),
) as Record<keyof Values, true>;

/** The form's words (namespace `outputs`) for what the schema refuses; the numbers are the contract's. */
function words(field: keyof Values, _issue: unknown, empty: boolean): Message | string | undefined {
  if (empty) return field === 'name' ? 'validation.required' : 'validation.inputRequired';
  switch (field) {
    case 'overlayX':
    case 'overlayY':
    case 'overlayWidth':
    case 'overlayHeight':
      return 'validation.percent';
    case 'background':
      return 'validation.colour';
    case 'ladder':
      return 'validation.ladder';
    case 'viewerLimit':
      return { key: 'validation.viewerLimit', values: { max: VIEWER_LIMIT_MAX } };
    case 'whitelist':
      return { key: 'validation.domains', values: { count: WHITELIST_MAX } };
    case 'passwords':
      return {
        key: 'validation.passwords',
        values: { count: OUTPUT_PASSWORDS_MAX, length: OUTPUT_PASSWORD_MAX_LENGTH },
      };
    default:
      return undefined;
  }
}

/**
 * Keys in the `outputs` namespace. What the API checks comes from its schema for the save (spec section 5
 * words the required ones); the form adds the rules of its own that the schema cannot see.
 */
export function validate(v: Values, kind: FormTarget['kind']): Errors {
  const bulk = kind === 'bulk';
  const { name, passwords, ...settings } = toBody(v);
  const body = bulk ? settings : { name, passwords, ...settings };
  const found = schemaErrors(schemas[kind], body, { fieldOf, values: v, words });
  const e: Errors = {};
  for (const [field, error] of Object.entries(found)) e[field as keyof Values] = error;
  if (v.backupSourceId && v.backupSourceId === v.mainSourceId) e.backupSourceId = 'validation.backupSame';
  if (v.behaviour === 'media' && !v.fallbackMediaId) e.fallbackMediaId = 'validation.selectionRequired';
  return e;
}

/** The pickers whose choice the server checks against the workspace (400 naming the field). */
const pickedFields = ['mainSourceId', 'backupSourceId', 'fallbackMediaId', 'overlayMediaId'] as const;

/** The pickers a refused save names (a source or media that is not in this workspace), as keys. */
export function serverErrors(error: unknown): Errors {
  const named = fieldErrorsOf(error);
  const e: Errors = {};
  for (const field of pickedFields) if (field in named) e[field] = 'validation.notInWorkspace';
  return e;
}

function acceptedLimit(text: string): number | undefined {
  const limit = wholeNumber(text);
  return updateOutputBodySchema.shape.viewerLimit.safeParse(limit).success ? limit : undefined;
}

/** Every setting of the form as the API takes it. */
export function toBody(v: Values): UpdateOutputBody & { name: string; passwords: string[] } {
  return {
    name: v.name.trim(),
    mainSourceId: v.mainSourceId || null,
    backupSourceId: v.backupSourceId || null,
    fallbackMediaId: v.fallbackMediaId || null,
    behaviour: v.behaviour,
    latency: v.latency,
    // In the order of the menu, whatever order they were picked in.
    ladder: ladderRungs.filter((r) => v.ladder.includes(r)),
    direction: v.direction,
    recording: v.recording,
    vodAfterStream: v.vodAfterStream,
    overlay: v.overlayMediaId
      ? {
          mediaId: v.overlayMediaId,
          x: decimalNumber(v.overlayX),
          y: decimalNumber(v.overlayY),
          width: decimalNumber(v.overlayWidth),
          height: decimalNumber(v.overlayHeight),
        }
      : null,
    background: v.background.toLowerCase(),
    commentsEnabled: v.commentsEnabled,
    commentExpirationHours: v.commentExpirationHours as UpdateOutputBody['commentExpirationHours'],
    moderation: v.moderation,
    viewerLimitEnabled: v.viewerLimitEnabled,
    // A limit switched off is saved only when the contract takes it; switched on, it must be.
    viewerLimit: v.viewerLimitEnabled ? wholeNumber(v.viewerLimit) : acceptedLimit(v.viewerLimit),
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
