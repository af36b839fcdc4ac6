import { NAME_MAX_LENGTH } from '@stromwerk/contracts/limits';
import { describe, expect, it } from 'vitest';
import { initialValues, toBody, type Values, validate } from './source-form-values';

const source = (patch: Partial<Values> = {}): Values => ({ ...initialValues(null), name: 'Main', ...patch });
const MEDIA = 'b0000000-0000-4000-8000-000000000002';

// The form checks with the API's own schemas (contracts createSourceBodySchema, updateSourceBodySchema);
// the limits come from contracts/limits, so a changed limit changes the form and these tests with it.
describe('source form validation', () => {
  it('accepts a complete source, created or edited', () => {
    expect(validate(source(), true)).toEqual({});
    expect(validate(source({ type: 'relive', mediaId: MEDIA }), false)).toEqual({});
  });

  it("refuses a name the contract refuses, with the contract's limit", () => {
    const long = source({ name: 'x'.repeat(NAME_MAX_LENGTH + 1) });
    const tooLong = { key: 'common:validation.tooLong', values: { count: NAME_MAX_LENGTH } };
    expect(validate(long, true)).toEqual({ name: tooLong });
    expect(validate(long, false)).toEqual({ name: tooLong });
    expect(validate(source({ name: 'x'.repeat(NAME_MAX_LENGTH) }), true)).toEqual({});
    expect(validate(source({ name: '  ' }), true)).toEqual({ name: 'common:validation.required' });
    expect(validate(source({ name: 'a\u0007b' }), true)).toEqual({
      name: 'common:validation.controlCharacters',
    });
  });

  it('refuses a media id that is not a uuid, and a relive without one', () => {
    expect(validate(source({ type: 'relive', mediaId: 'not-a-uuid' }), true)).toEqual({
      mediaId: 'validation.mediaId',
    });
    expect(validate(source({ type: 'relive', mediaId: ' ' }), true)).toEqual({
      mediaId: 'validation.required',
    });
  });

  it('keeps its own rules: a scheduled start needs its time, a maintenance window both ends in order', () => {
    expect(validate(source({ startNow: false }), true)).toEqual({ scheduledStart: 'validation.required' });
    expect(
      validate(source({ maintenanceStart: '2026-01-02T10:00', maintenanceEnd: '2026-01-02T09:00' }), false),
    ).toEqual({ maintenanceEnd: 'validation.endAfterStart' });
    expect(validate(source({ maintenanceEnd: '2026-01-02T09:00' }), false)).toEqual({
      maintenanceStart: 'validation.required',
    });
  });

  it('sends the endpoint only for encoders and the media only for a relive', () => {
    expect(toBody(source({ type: 'demo', mediaId: MEDIA }))).toMatchObject({
      endpoint: undefined,
      mediaId: null,
    });
    expect(toBody(source({ type: 'srt', endpoint: 'europe-srt' }))).toMatchObject({ endpoint: 'europe-srt' });
  });
});
