import { describe, expect, it } from 'vitest';
import { initialValues, toBody, touchedSettings, validate } from './output-form-values';

const blank = () => initialValues(null, [], 'a0000000-0000-4000-8000-000000000001');

describe('player settings form', () => {
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
    const v = { ...blank(), behaviour: 'media' as const, overlayMediaId: 'm', overlayX: '' };
    expect(validate(v, false)).toMatchObject({
      name: 'validation.required',
      fallbackMediaId: 'validation.selectionRequired',
      overlayX: 'validation.inputRequired',
    });
    expect(validate({ ...v, name: 'x' }, true).name).toBeUndefined();
  });

  it('checks domains, percentages, the viewer limit and the backup ingest', () => {
    const v = {
      ...blank(),
      name: 'Stage',
      backupSourceId: 'a0000000-0000-4000-8000-000000000001',
      overlayMediaId: 'm',
      overlayWidth: '0',
      viewerLimitEnabled: true,
      viewerLimit: '0',
      whitelist: 'example.com\nnot a domain',
    };
    expect(validate(v, false)).toEqual({
      backupSourceId: 'validation.backupSame',
      overlayWidth: 'validation.percent',
      viewerLimit: 'validation.viewerLimit',
      whitelist: 'validation.domains',
    });
    const ok = {
      ...v,
      backupSourceId: '',
      overlayWidth: '12,5',
      viewerLimit: '1',
      whitelist: ' Example.com \n\n*.example.org',
    };
    expect(validate(ok, false)).toEqual({});
    expect(toBody(ok)).toMatchObject({
      overlay: { mediaId: 'm', width: 12.5 },
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
});
