import { ApiError } from '@stromwerk/client/api-error';
import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { describe, expect, it } from 'vitest';
import type { TargetItem } from '../api/types';
import { initialValues, serverErrors, toSettings, type Values, validate } from './target-form-values';

const base = (patch: Partial<Values>): Values => ({ ...initialValues(null, []), name: 'Push', ...patch });
const rtmp = (patch: Partial<Values> = {}) =>
  base({ type: 'rtmp', rtmpUrl: 'rtmp://live.example/app', ...patch });
const srt = (patch: Partial<Values> = {}) =>
  base({ type: 'srt', srtHost: 'srt.example', srtPort: '9000', ...patch });
const icecast = (patch: Partial<Values> = {}) =>
  base({
    type: 'icecast',
    iceUrl: 'http://radio.example:8000',
    iceMount: '/live.mp3',
    icePassword: 'hackme',
    ...patch,
  });

// The form checks with the API's own schema (contracts createTargetBodySchema): these are its rules.
describe('target form validation', () => {
  it('accepts a complete target of each type', () => {
    expect(validate(rtmp())).toEqual({});
    expect(validate(srt())).toEqual({});
    expect(validate(icecast())).toEqual({});
  });

  it('marks empty required fields as required', () => {
    expect(validate(rtmp({ name: ' ', rtmpUrl: '' }))).toEqual({
      name: 'validation.required',
      rtmpUrl: 'validation.required',
    });
    expect(validate(icecast({ icePassword: '', iceMount: '' }))).toEqual({
      icePassword: 'validation.required',
      iceMount: 'validation.required',
    });
  });

  it('names the rule a filled field breaks', () => {
    expect(validate(rtmp({ rtmpUrl: 'http://x/app' }))).toEqual({ rtmpUrl: 'validation.rtmpUrl' });
    expect(validate(srt({ srtPort: '70000', srtLatency: '5' }))).toEqual({
      srtPort: 'validation.port',
      srtLatency: 'validation.latency',
    });
    expect(validate(srt({ srtHost: 'bad host/' }))).toEqual({ srtHost: 'validation.host' });
    expect(validate(srt({ srtPassphrase: 'short' }))).toEqual({ srtPassphrase: 'validation.passphrase' });
    expect(validate(icecast({ iceBitrate: '500', iceMount: 'live' }))).toEqual({
      iceBitrate: 'validation.bitrate',
      iceMount: 'validation.mount',
    });
  });

  it("refuses a name the contract refuses, in the common words with the contract's limit", () => {
    expect(validate(rtmp({ name: 'x'.repeat(NAME_MAX_LENGTH + 1) }))).toEqual({
      name: { key: 'common:validation.tooLong', values: { count: NAME_MAX_LENGTH } },
    });
    expect(validate(rtmp({ name: 'x'.repeat(NAME_MAX_LENGTH) }))).toEqual({});
  });

  it('takes only whole numbers, as typed', () => {
    expect(validate(srt({ srtPort: '0x10' }))).toEqual({ srtPort: 'validation.port' });
    expect(validate(srt({ srtPort: '9000.5' }))).toEqual({ srtPort: 'validation.port' });
    expect(toSettings(srt({ srtPort: ' 9001 ' }))).toMatchObject({ port: 9001 });
  });

  it('keeps a masked stored secret valid (the server keeps the stored one)', () => {
    expect(validate(srt({ srtPassphrase: '********' }))).toEqual({});
  });

  it('ignores the fields of the other target types', () => {
    expect(validate(rtmp({ srtPort: 'nonsense', iceBitrate: 'x' }))).toEqual({});
  });
});

describe('target form: what the server refuses', () => {
  const refusal = (code: string, field: string) =>
    new ApiError(400, {
      code: code as never,
      message: `${field}: refused`,
      details: [{ field, message: 'refused' }],
    });

  it('marks the field the server names, in the words of its code', () => {
    expect(serverErrors(refusal('TARGET_ADDRESS_REFUSED', 'settings.url'), 'rtmp')).toEqual({
      rtmpUrl: 'common:errors.TARGET_ADDRESS_REFUSED',
    });
    expect(serverErrors(refusal('TARGET_ADDRESS_REFUSED', 'settings.host'), 'srt')).toEqual({
      srtHost: 'common:errors.TARGET_ADDRESS_REFUSED',
    });
    expect(serverErrors(refusal('VALIDATION_FAILED', 'settings.url'), 'icecast')).toEqual({
      iceUrl: 'validation.icecastUrl',
    });
  });

  it('marks the feed picker when the server refuses its source or player', () => {
    expect(serverErrors(refusal('VALIDATION_FAILED', 'sourceId'), 'rtmp')).toEqual({
      feed: 'validation.feed',
    });
    expect(serverErrors(refusal('VALIDATION_FAILED', 'outputId'), 'srt')).toEqual({
      feed: 'validation.feed',
    });
  });

  it('marks nothing for other failures or fields the form does not have', () => {
    expect(serverErrors(new Error('network'), 'rtmp')).toEqual({});
    expect(serverErrors(refusal('VALIDATION_FAILED', 'workspaceId'), 'rtmp')).toEqual({});
  });
});

describe('platform targets (issue 20)', () => {
  const youtube = (patch: Partial<Values> = {}) =>
    base({ type: 'youtube', socialId: '7b0f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b', ...patch });

  it('sends the connection, a page or channel and the templates; tags split at commas', () => {
    expect(
      toSettings(youtube({ tags: ' live, stromwerk ,', visibility: 'unlisted', subAccountId: 'UC-1' })),
    ).toEqual({
      type: 'youtube',
      socialId: '7b0f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
      subAccountId: 'UC-1',
      title: '{source} {date}',
      description: '',
      visibility: 'unlisted',
      category: '',
      tags: ['live', 'stromwerk'],
    });
    expect(validate(youtube())).toEqual({});
  });

  it('asks for a connection and names a tag that is too long', () => {
    expect(validate(youtube({ socialId: '' }))).toEqual({ socialId: 'validation.required' });
    expect(validate(youtube({ tags: 'a-tag-that-is-far-longer-than-25' }))).toEqual({
      tags: 'validation.tags',
    });
  });

  it('opens a saved platform target with its values', () => {
    const v = initialValues(
      {
        name: 'YT',
        type: 'twitch',
        enabled: true,
        sourceId: null,
        outputId: null,
        settings: {
          type: 'twitch',
          socialId: 's-1',
          subAccountId: null,
          title: 'Night {date}',
          description: '',
          visibility: 'public',
          category: '509658',
          tags: ['German', 'Music'],
        },
      } as unknown as TargetItem,
      [],
    );
    expect(v).toMatchObject({
      type: 'twitch',
      socialId: 's-1',
      title: 'Night {date}',
      tags: 'German, Music',
    });
  });
});
