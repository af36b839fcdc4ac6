import { ApiError, GenericError } from '@stromwerk/client/api-error';
import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { useErrorMessage } from './use-error-message';

const describeError = () => renderHook(() => useErrorMessage()).result.current;
const apiError = (statusCode: number, code: string, message: string) =>
  new ApiError(statusCode, { code: code as never, message });

describe('useErrorMessage', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('en');
  });

  it('translates a catalogue code', () => {
    expect(
      describeError()(apiError(413, 'STORAGE_QUOTA_EXCEEDED', 'Storage quota exceeded: 5 of 4 bytes')),
    ).toBe('The storage quota of your corporation is used up.');
  });

  it('prefers an override of the screen', () => {
    const error = apiError(400, 'LINK_INVALID', 'token: This link is invalid or has expired');
    expect(describeError()(error, { LINK_INVALID: 'errors.verifyLinkInvalid' })).toBe(
      'This verification link is invalid or has expired.',
    );
  });

  it("shows the server's message for a code it does not know", () => {
    expect(describeError()(apiError(418, 'TEAPOT', 'I am a teapot'))).toBe('I am a teapot');
  });

  it('reads the status when there is no error body', () => {
    expect(describeError()(new GenericError(502, 'http'))).toBe('An error ocurred: Status 502');
    expect(describeError()(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
