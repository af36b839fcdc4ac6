import { ApiError, GenericError } from '@stromwerk/client/api-error';
import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../lib/i18n';
import { useErrorMessage } from './use-error-message';

const describeError = () => renderHook(() => useErrorMessage()).result.current;
const apiError = (statusCode: number, code: string, message: string) =>
  new ApiError(statusCode, { code: code as never, message });

describe('useErrorMessage', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('en');
  });

  it('translates a catalogue code a guest can meet from the bundled texts', () => {
    expect(describeError()(apiError(401, 'INVALID_CREDENTIALS', 'bad'))).toBe(
      'Email address or password is not correct.',
    );
  });

  it('translates the other codes once their namespace is there, showing the server message before', async () => {
    const error = apiError(413, 'STORAGE_QUOTA_EXCEEDED', 'Storage quota exceeded: 5 of 4 bytes');
    if (!i18n.hasResourceBundle('en', 'errors')) expect(describeError()(error)).toBe(error.message);
    await loadNamespaces(['errors']);
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
