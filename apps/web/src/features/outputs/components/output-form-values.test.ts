import { ApiError } from '@stromwerk/client/api-error';
import {
  NAME_MAX_LENGTH,
  OUTPUT_PASSWORD_MAX_LENGTH,
  OUTPUT_PASSWORDS_MAX,
  VIEWER_LIMIT_MAX,
  WHITELIST_MAX,
} from '@stromwerk/contracts/limits';
import { describe, expect, it } from 'vitest';
import { initialValues, serverErrors, toBody, touchedSettings, validate } from './output-form-values';

const MEDIA = 'b0000000-0000-4000-8000-000000000002';
const blank = () => initialValues(null, [], 'a0000000-0000-4000-8000-000000000001');

describe('player settings form', () => {
  it('sends the quality ladder in the menu order, source only by default, and only when touched in bulk', () => {
    const v = blank();
    expect(toBody(v).ladder).toEqual([]);
    const picked = { ...v, name: 'Keynote', ladder: ['240p', 'source', '720p'] as typeof v.ladder };
    expect(toBody(picked).ladder).toEqual(['source', '720p', '240p']);
    expect(validate(picked, 'create')).toEqual({});
    expect(touchedSettings(picked, new Set(['ladder']))).toEqual({ ladder: ['source', '720p', '240p'] });
    expect(touchedSettings(picked, new Set(['latency']))).not.toHaveProperty('ladder');
  });

  it('starts with the server defaults and the first source as main ingest', () => {
    const v = blank();
    expect(v).toMatchObject({
      behaviour: 'auto',
      latency: 'normal',
      background: '#000000',
      viewerLimit: '100',
    });
    expect(toBody(v)).toMatchObject({
      mainSourceId: 'a0000000-0000-4000-8000-000000000001',
      backupSourceId: null,
      overlay: null,
      whitelist: [],
      passwords: [],
      commentExpirationHours: 0,
    });
  });

  it('words the spec section 5 messages for missing input', () => {
    const v = { ...blank(), behaviour: 'media' as const, overlayMediaId: MEDIA, overlayX: '' };
    expect(validate(v, 'edit')).toMatchObject({
      name: 'validation.required',
      fallbackMediaId: 'validation.selectionRequired',
      overlayX: 'validation.inputRequired',
    });
    expect(validate({ ...v, name: 'x' }, 'bulk').name).toBeUndefined();
  });

  it('checks domains, percentages, the viewer limit and the backup ingest', () => {
    const v = {
      ...blank(),
      name: 'Stage',
      backupSourceId: 'a0000000-0000-4000-8000-000000000001',
      overlayMediaId: MEDIA,
      overlayWidth: '0',
      viewerLimitEnabled: true,
      viewerLimit: '0',
      whitelist: 'example.com\nnot a domain',
    };
    expect(validate(v, 'edit')).toEqual({
      backupSourceId: 'validation.backupSame',
      overlayWidth: 'validation.percent',
      viewerLimit: { key: 'validation.viewerLimit', values: { max: VIEWER_LIMIT_MAX } },
      whitelist: { key: 'validation.domains', values: { count: WHITELIST_MAX } },
    });
    const ok = {
      ...v,
      backupSourceId: '',
      overlayWidth: '12,5',
      viewerLimit: '1',
      whitelist: ' Example.com \n\n*.example.org',
    };
    expect(validate(ok, 'edit')).toEqual({});
    expect(toBody(ok)).toMatchObject({
      overlay: { mediaId: MEDIA, width: 12.5 },
      viewerLimit: 1,
      whitelist: ['example.com', '*.example.org'],
    });
  });

  it('sends one password per line, without blanks', () => {
    expect(toBody({ ...blank(), passwords: ' secret \n\nother\n' }).passwords).toEqual(['secret', 'other']);
  });

  it('bulk edit sends only the touched settings, never names or passwords', () => {
    const values = {
      ...blank(),
      name: 'Two',
      passwords: 'b',
      recording: true,
      viewerLimitEnabled: true,
      overlayX: '10',
    };
    const touched = new Set(['name', 'passwords', 'recording', 'viewerLimitEnabled', 'overlayX'] as const);
    expect(touchedSettings(values, touched)).toEqual({
      recording: true,
      viewerLimitEnabled: true,
      viewerLimit: 100,
      overlay: null,
    });
    expect(touchedSettings(values, new Set())).toEqual({});
  });

  // The rules are the contract's (createOutputBodySchema, updateOutputBodySchema): these tests take their
  // numbers from contracts/limits, so a changed limit changes the form and its texts with it.
  it("refuses what the contract refuses, at the contract's limits", () => {
    const named = { ...blank(), name: 'Stage' };
    const tooLong = { ...named, name: 'x'.repeat(NAME_MAX_LENGTH + 1) };
    for (const kind of ['create', 'edit'] as const) {
      expect(validate(tooLong, kind)).toEqual({
        name: { key: 'common:validation.tooLong', values: { count: NAME_MAX_LENGTH } },
      });
      expect(validate({ ...named, name: 'x'.repeat(NAME_MAX_LENGTH) }, kind)).toEqual({});
    }
    // A bulk edit keeps each player's name: it is not sent, so not checked.
    expect(validate(tooLong, 'bulk')).toEqual({});
    const limit = { ...named, viewerLimitEnabled: true };
    expect(validate({ ...limit, viewerLimit: String(VIEWER_LIMIT_MAX) }, 'edit')).toEqual({});
    expect(validate({ ...limit, viewerLimit: String(VIEWER_LIMIT_MAX + 1) }, 'edit')).toHaveProperty(
      'viewerLimit',
    );
    const domains = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.example`).join('\n');
    expect(validate({ ...named, whitelist: domains(WHITELIST_MAX) }, 'edit')).toEqual({});
    expect(validate({ ...named, whitelist: domains(WHITELIST_MAX + 1) }, 'edit')).toHaveProperty('whitelist');
    const passwords = { ...named, passwords: 'x'.repeat(OUTPUT_PASSWORD_MAX_LENGTH + 1) };
    expect(validate(passwords, 'edit')).toEqual({
      passwords: {
        key: 'validation.passwords',
        values: { count: OUTPUT_PASSWORDS_MAX, length: OUTPUT_PASSWORD_MAX_LENGTH },
      },
    });
    expect(validate({ ...named, background: '#12345' }, 'edit')).toEqual({ background: 'validation.colour' });
  });

  it('leaves a switched-off viewer limit out of the save unless the contract takes it', () => {
    const off = { ...blank(), name: 'Stage', viewerLimitEnabled: false };
    expect(validate({ ...off, viewerLimit: '0' }, 'edit')).toEqual({});
    expect(toBody({ ...off, viewerLimit: '0' }).viewerLimit).toBeUndefined();
    expect(toBody({ ...off, viewerLimit: '250' }).viewerLimit).toBe(250);
  });
});

describe('player settings form: what the server refuses', () => {
  const refusal = (field: string) =>
    new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: `${field}: Source not found in this workspace`,
      details: [{ field, message: 'Source not found in this workspace' }],
    });

  it('marks the picker whose source or media the server refused', () => {
    for (const field of ['mainSourceId', 'backupSourceId', 'fallbackMediaId', 'overlayMediaId']) {
      expect(serverErrors(refusal(field))).toEqual({ [field]: 'validation.notInWorkspace' });
    }
  });

  it('marks nothing for other failures', () => {
    expect(serverErrors(new Error('network'))).toEqual({});
    expect(serverErrors(refusal('workspaceId'))).toEqual({});
  });
});
