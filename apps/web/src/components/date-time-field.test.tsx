import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyLocale, i18n, initI18n } from '../lib/i18n';
import { DateTimeField } from './date-time-field';

const iso = new Date(2026, 11, 24, 18, 30).toISOString();

function renderField(onChange = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <DateTimeField label="Start" value={iso} onChange={onChange} helperText="Local time" />
    </I18nextProvider>,
  );
  return screen.getByLabelText('Start', { selector: 'input' }) as HTMLInputElement;
}

describe('DateTimeField', () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(async () => {
    cleanup();
    await applyLocale('en', { persist: false });
  });

  it('writes the date as dd.MM.yyyy and the time in 24 hours in German', async () => {
    await applyLocale('de', { persist: false });
    expect(renderField().value).toBe('24.12.2026 18:30');
  });

  it('writes the date as MM/dd/yyyy with AM/PM in English', () => {
    expect(renderField().value).toBe('12/24/2026 06:30 PM');
    expect(screen.getByText('Local time')).toBeTruthy();
  });
});
