import { PLATFORM_TARGET_TYPES, type PlatformTargetType, TARGET_TYPES } from '@stromwerk/contracts/limits';
import {
  createTargetBodySchema,
  isPlatformSettings,
  type TargetSettings,
  type TargetType,
} from '@stromwerk/contracts/targets';
import { codeOf, fieldErrorsOf } from '../../../lib/api-errors';
import type { Message } from '../../../lib/forms/messages';
import { schemaErrors, wholeNumber } from '../../../lib/forms/schema-errors';
import type { SourceItem } from '../../../lib/queries/source-item';
import type { TargetItem } from '../api/types';

export const types: readonly TargetType[] = TARGET_TYPES;
export const isPlatformType = (type: TargetType): type is PlatformTargetType =>
  (PLATFORM_TARGET_TYPES as readonly string[]).includes(type);
export type Visibility = 'public' | 'unlisted' | 'private';

/** The part of a target the form edits, checked by the same schema the server uses. */
const targetFormSchema = createTargetBodySchema.pick({ name: true, settings: true });

export interface Values {
  name: string;
  type: TargetType;
  enabled: boolean;
  /** '' (none), 'source:<id>' or 'output:<id>' */
  feed: string;
  rtmpUrl: string;
  rtmpKey: string;
  srtHost: string;
  srtPort: string;
  srtLatency: string;
  srtPassphrase: string;
  srtStreamId: string;
  iceUrl: string;
  iceMount: string;
  iceUser: string;
  icePassword: string;
  iceFormat: 'mp3' | 'aac';
  iceBitrate: string;
  /** Platform targets (YouTube, Facebook, Twitch, X): the connection and what goes live. */
  socialId: string;
  subAccountId: string;
  title: string;
  description: string;
  visibility: Visibility;
  category: string;
  /** Comma-separated. */
  tags: string;
}

export function initialValues(target: TargetItem | null, sources: SourceItem[]): Values {
  const s = target?.settings;
  return {
    name: target?.name ?? '',
    type: target?.type ?? 'rtmp',
    enabled: target?.enabled ?? true,
    feed: target
      ? target.sourceId
        ? `source:${target.sourceId}`
        : target.outputId
          ? `output:${target.outputId}`
          : ''
      : sources[0]
        ? `source:${sources[0].id}`
        : '',
    rtmpUrl: s?.type === 'rtmp' ? s.url : '',
    rtmpKey: s?.type === 'rtmp' ? s.streamKey : '',
    srtHost: s?.type === 'srt' ? s.host : '',
    srtPort: s?.type === 'srt' ? String(s.port) : '',
    srtLatency: s?.type === 'srt' ? String(s.latencyMs) : '200',
    srtPassphrase: s?.type === 'srt' ? s.passphrase : '',
    srtStreamId: s?.type === 'srt' ? s.streamId : '',
    iceUrl: s?.type === 'icecast' ? s.url : '',
    iceMount: s?.type === 'icecast' ? s.mount : '',
    iceUser: s?.type === 'icecast' ? s.username : 'source',
    icePassword: s?.type === 'icecast' ? s.password : '',
    iceFormat: s?.type === 'icecast' ? s.format : 'mp3',
    iceBitrate: s?.type === 'icecast' ? String(s.bitrateKbps) : '128',
    ...platformValues(s),
  };
}

function platformValues(s: TargetSettings | undefined) {
  const p = s && isPlatformSettings(s) ? s : undefined;
  return {
    socialId: p?.socialId ?? '',
    subAccountId: p?.subAccountId ?? '',
    title: p?.title ?? '{source} {date}',
    description: p?.description ?? '',
    visibility: p?.visibility ?? ('public' as const),
    category: p?.category ?? '',
    tags: p?.tags.join(', ') ?? '',
  };
}

export function toSettings(v: Values): TargetSettings {
  switch (v.type) {
    case 'rtmp':
      return { type: 'rtmp', url: v.rtmpUrl.trim(), streamKey: v.rtmpKey.trim() };
    case 'srt':
      return {
        type: 'srt',
        host: v.srtHost.trim(),
        port: wholeNumber(v.srtPort),
        latencyMs: wholeNumber(v.srtLatency),
        passphrase: v.srtPassphrase,
        streamId: v.srtStreamId,
      };
    case 'icecast':
      return {
        type: 'icecast',
        url: v.iceUrl.trim(),
        mount: v.iceMount.trim(),
        username: v.iceUser.trim(),
        password: v.icePassword,
        format: v.iceFormat,
        bitrateKbps: wholeNumber(v.iceBitrate),
      };
    default:
      return {
        type: v.type,
        socialId: v.socialId,
        subAccountId: v.subAccountId || null,
        title: v.title.trim(),
        description: v.description,
        visibility: v.visibility,
        category: v.category.trim(),
        tags: v.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      };
  }
}

type Errors = Partial<Record<keyof Values, string | Message>>;
const MASKED = '********';

/** The translation key (namespace `targets`) a refused field shows when it is not empty. */
const INVALID: Partial<Record<keyof Values, string>> = {
  rtmpUrl: 'validation.rtmpUrl',
  srtHost: 'validation.host',
  srtPort: 'validation.port',
  srtLatency: 'validation.latency',
  srtPassphrase: 'validation.passphrase',
  iceUrl: 'validation.icecastUrl',
  iceMount: 'validation.mount',
  iceBitrate: 'validation.bitrate',
  feed: 'validation.feed',
  socialId: 'validation.social',
  tags: 'validation.tags',
  title: 'validation.invalid',
};

const PLATFORM_FIELDS: Record<string, keyof Values> = {
  socialId: 'socialId',
  subAccountId: 'subAccountId',
  title: 'title',
  description: 'description',
  visibility: 'visibility',
  category: 'category',
  tags: 'tags',
};

/** Where each settings field of the contract lives in this form, per target type. */
const FIELDS: Record<TargetType, Record<string, keyof Values>> = {
  rtmp: { url: 'rtmpUrl', streamKey: 'rtmpKey' },
  srt: {
    host: 'srtHost',
    port: 'srtPort',
    latencyMs: 'srtLatency',
    passphrase: 'srtPassphrase',
    streamId: 'srtStreamId',
  },
  icecast: {
    url: 'iceUrl',
    mount: 'iceMount',
    username: 'iceUser',
    password: 'icePassword',
    format: 'iceFormat',
    bitrateKbps: 'iceBitrate',
  },
  youtube: PLATFORM_FIELDS,
  facebook: PLATFORM_FIELDS,
  twitch: PLATFORM_FIELDS,
  twitter: PLATFORM_FIELDS,
};

/** Checked with the API's own schema: what the server would refuse is marked before sending. */
export function validate(v: Values): Errors {
  const settings = toSettings(v);
  // A masked secret ('********') means "keep the stored one": valid here, the server keeps it.
  if (settings.type === 'srt' && settings.passphrase === MASKED) settings.passphrase = '';
  const fieldOf = (path: string) =>
    path === 'name' ? 'name' : FIELDS[v.type][path.replace(/^settings\./, '').replace(/\.\d+$/, '')];
  // A filled field takes its own words where it has them (a range, a scheme), else the common ones
  // ("At most 120 characters", with the contract's number).
  return schemaErrors(
    targetFormSchema,
    { name: v.name, settings },
    {
      fieldOf,
      values: v,
      words: (field, _issue, empty) => (empty ? 'validation.required' : INVALID[field]),
    },
  );
}

/**
 * The fields a refused save names (the server's `details`), as translation keys: the server checks what a
 * form cannot (a receiver that resolves to a private address), and the form marks that field too.
 */
export function serverErrors(error: unknown, type: TargetType): Errors {
  const e: Errors = {};
  for (const path of Object.keys(fieldErrorsOf(error))) {
    // The feed is one picker for both ids (a source or a player not in this workspace).
    const field =
      path === 'name'
        ? 'name'
        : path === 'sourceId' || path === 'outputId'
          ? 'feed'
          : FIELDS[type][path.replace(/^settings\./, '')];
    if (!field) continue;
    const code = codeOf(error);
    e[field] =
      code && code !== 'VALIDATION_FAILED'
        ? `common:errors.${code}`
        : (INVALID[field] ?? 'validation.invalid');
  }
  return e;
}
