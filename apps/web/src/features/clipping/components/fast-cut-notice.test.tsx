import type { ClipMode } from '@stromwerk/contracts/clips';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import type { ClipRange } from '../clip-range';
import { ClipModeField } from './clip-mode-field';
import { FastCutNotice } from './fast-cut-notice';

/** Issue 33 item 10: the range a fast (lossless) clip really covers, shown before it is made. */
const api = vi.hoisted(() => ({ clips: { fastCut: vi.fn() } }));
vi.mock('../../../lib/api-client', () => ({ api }));

const OUTPUT = '00000000-0000-4000-8000-000000000001';
const START = Date.parse('2026-11-25T20:00:00.000Z');
const iso = (ms: number) => new Date(START + ms).toISOString();
/** Times as offsets from START, so the texts do not depend on the machine's time zone. */
const format = (at: number) => `+${(at - START) / 1000}`;

function Form({ range, initial }: { range: ClipRange; initial: ClipMode }) {
  const [mode, setMode] = useState<ClipMode>(initial);
  return (
    <>
      <ClipModeField value={mode} onChange={setMode} />
      <FastCutNotice
        outputId={OUTPUT}
        live={false}
        range={range}
        mode={mode}
        format={format}
        onExact={() => setMode('exact')}
      />
    </>
  );
}

function show(range: ClipRange, mode: ClipMode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <Form range={range} initial={mode} />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('FastCutNotice', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['clipping']);
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it('shows the segments a fast cut takes and switches to the exact cut in one click', async () => {
    // 2-8 s asked; the 4 s segments make it 0-8 s.
    api.clips.fastCut.mockResolvedValue({ from: iso(0), to: iso(8000), durationMs: 8000, final: true });
    show({ inAt: START + 2000, outAt: START + 8000, lastSeconds: null }, 'fast');
    const notice = await screen.findByTestId('fast-cut-range', {}, { timeout: 5000 });
    expect(notice.textContent).toContain(
      'The fast cut copies whole segments: it will run from +0 to +8 (8.0 sec instead of 6.0 sec).',
    );
    expect(api.clips.fastCut).toHaveBeenCalledWith(
      { params: { id: OUTPUT }, query: { from: iso(2000), to: iso(8000) } },
      expect.anything(),
    );

    fireEvent.click(within(notice).getByRole('button', { name: 'Cut exactly (re-encode)' }));
    expect(screen.getByRole('radio', { name: 'Exact only (to the frame)' })).toHaveProperty('checked', true);
    expect(screen.queryByTestId('fast-cut-range')).toBeNull();
  });

  it('says when the fast cut is exact, and in "both" that the exact cut replaces it, in German too', async () => {
    api.clips.fastCut.mockResolvedValue({ from: iso(4000), to: iso(8000), durationMs: 4000, final: true });
    show({ inAt: START + 4000, outAt: START + 8000, lastSeconds: null }, 'fast');
    expect((await screen.findByTestId('fast-cut-range', {}, { timeout: 5000 })).textContent).toBe(
      'In and Out lie on segment boundaries: the fast cut is exact.',
    );
    cleanup();

    await i18n.changeLanguage('de');
    await loadNamespaces(['clipping']);
    api.clips.fastCut.mockResolvedValue({ from: iso(0), to: iso(32_000), durationMs: 32_000, final: false });
    show({ inAt: START, outAt: START + 30_000, lastSeconds: 30 }, 'both');
    const notice = await screen.findByTestId('fast-cut-range', {}, { timeout: 5000 });
    expect(notice.textContent).toContain(
      '+0 bis +32 (32,0 Sek. statt 30,0 Sek.). Danach ersetzt ihn der exakte Schnitt.',
    );
    expect(notice.textContent).toContain('seine Segmente sind geschätzt');
    expect(within(notice).queryByRole('button')).toBeNull();
    await waitFor(() =>
      expect(api.clips.fastCut).toHaveBeenCalledWith(
        { params: { id: OUTPUT }, query: { lastSeconds: 30 } },
        expect.anything(),
      ),
    );
  });

  it('asks nothing in the exact mode or without Out', async () => {
    show({ inAt: START, outAt: START + 5000, lastSeconds: null }, 'exact');
    show({ inAt: START, outAt: null, lastSeconds: null }, 'fast');
    await new Promise((r) => setTimeout(r, 400)); // past the settle time of a range
    expect(api.clips.fastCut).not.toHaveBeenCalled();
  });
});
