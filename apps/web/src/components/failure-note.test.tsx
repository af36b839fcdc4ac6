import { failureCauses } from '@stromwerk/contracts/values';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLocale, i18n, initI18n, loadNamespaces } from '../lib/i18n';
import { FailureNote } from './failure-note';

const raw = 'Could not connect to the receiver';

describe('FailureNote (issue 13.7)', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['failures']);
  });
  afterAll(() => applyLocale('en'));

  it('says the cause in the UI language and keeps the raw reason behind Details', async () => {
    await applyLocale('de');
    render(<FailureNote cause="receiver-unreachable" detail={raw} label={(e) => `Letzter Fehler: ${e}`} />);
    expect(screen.getByText(/^Letzter Fehler: Keine Verbindung zum empfangenden Server/)).toBeTruthy();
    expect(screen.queryByText(raw)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByText(raw)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Details ausblenden' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('has a text for every cause in English and German, none of them English inside German', async () => {
    for (const lang of ['en', 'de'] as const) {
      await applyLocale(lang);
      for (const cause of failureCauses) {
        const text = i18n.t(`failures:${cause}`);
        expect(text, `${lang} ${cause}`).not.toBe(cause);
        if (lang === 'de') expect(text, cause).not.toBe(i18n.getFixedT('en', 'failures')(cause));
      }
    }
  });
});
