import { ApiError } from '@stromwerk/client/api-error';
import type { Output } from '@stromwerk/contracts/outputs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { ClippingPage } from './clipping-page';

const OUTPUT = '00000000-0000-4000-8000-000000000001';
const SLOW = '00000000-0000-4000-8000-000000000002';
const MEDIA = '00000000-0000-4000-8000-0000000000a1';
const page = <T,>(items: T[]) => ({ items, total: items.length, limit: 200, offset: 0 });

const api = vi.hoisted(() => ({
  outputs: { listInWorkspace: vi.fn() },
  medias: { listInWorkspace: vi.fn(), get: vi.fn() },
  jobs: { listInWorkspace: vi.fn() },
  clips: {
    create: vi.fn(),
    dvr: vi.fn(),
    fastCut: vi.fn(),
    markers: vi.fn(),
    addMarker: vi.fn(),
    removeMarker: vi.fn(),
  },
  drafts: { create: vi.fn() },
}));
vi.mock('../../../lib/api-client', () => ({ api }));
vi.mock('../../../lib/use-active-context', () => ({
  useActiveContext: () => ({
    params: { corporationId: 'c1', workspaceId: 'w1' },
    workspace: { id: 'w1', name: 'Studio' },
    corporations: [],
    workspaces: [],
  }),
}));
vi.mock('../../../lib/use-available-features', () => ({
  useAvailableFeatures: () => new Set(['clipping', 'media', 'outputs']),
}));

/** The video cannot play in jsdom: the test moves the playhead (wall-clock ms or media offset) itself. */
const playhead = vi.hoisted(() => ({ at: 0, seek: vi.fn() }));
vi.mock('./use-clip-player', () => ({
  useClipPlayer: () => ({ position: playhead.at, ready: true, read: () => playhead.at, seek: playhead.seek }),
}));

const output = (id: string, name: string, latency: Output['latency'], input: Output['input']): Output => ({
  id,
  corporationId: 'c1',
  workspaceId: 'w1',
  name,
  mainSourceId: null,
  backupSourceId: null,
  fallbackMediaId: null,
  behaviour: 'auto',
  latency,
  ladder: [],
  direction: 'landscape',
  recording: false,
  vodAfterStream: false,
  overlay: null,
  background: '#000000',
  commentsEnabled: false,
  commentExpirationHours: 0,
  moderation: 'approval',
  viewerLimitEnabled: false,
  viewerLimit: 100,
  whitelist: [],
  passwordCount: 0,
  input,
  playerUrl: `http://stromwerk.test/player/${id}`,
  embedCode: '<iframe></iframe>',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const media = {
  id: MEDIA,
  corporationId: 'c1',
  workspaceId: 'w1',
  name: 'Keynote',
  origin: 'recording',
  originId: null,
  status: 'ready',
  error: null,
  sizeBytes: 1000,
  durationMs: 60_000,
  mimeType: 'video/mp2t',
  info: null,
  files: [],
  links: { original: '/files/original', download: null, thumbnail: null, preview: null },
  clip: null,
  autoDeleteAt: null,
  uploadedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const job = {
  id: '00000000-0000-4000-8000-0000000000b1',
  corporationId: 'c1',
  workspaceId: 'w1',
  type: 'clip',
  state: 'queued',
  mediaId: '00000000-0000-4000-8000-0000000000c1',
  progress: 0,
  etaSeconds: null,
  error: null,
  attempts: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  cancelledAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const clipMedia = {
  ...media,
  id: job.mediaId,
  name: 'Main clip',
  origin: 'clip',
  status: 'processing',
  clip: {
    sourceKind: 'output',
    sourceId: OUTPUT,
    from: null,
    to: null,
    inMs: null,
    outMs: null,
    accuracy: 'segment',
  },
};

const START = Date.parse('2026-11-25T20:00:00.000Z');

function show(search: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/c1/w1/clipping${search}`]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/:corporationId/:workspaceId/clipping" element={<ClippingPage />} />
              <Route path="/:corporationId/:workspaceId/editor" element={<p>Editor opened</p>} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const key = (k: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.body, { key: k, ...init });

describe('ClippingPage', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('en');
    await loadNamespaces(['clipping', 'medias']);
  });
  beforeEach(() => {
    playhead.at = START + 10_000;
    api.outputs.listInWorkspace.mockResolvedValue(
      page([output(OUTPUT, 'Main', 'high', 'main'), output(SLOW, 'Lobby', 'low', 'offline')]),
    );
    api.clips.dvr.mockResolvedValue({
      live: true,
      latency: 'high',
      dvrSeconds: 3600,
      segmentSeconds: 6,
      windowStart: new Date(START).toISOString(),
      windowEnd: new Date(START + 60_000).toISOString(),
      gaps: [],
      hlsUrl: '/v1/play/x/dvr.m3u8?t=1',
    });
    api.clips.markers.mockResolvedValue({ items: [] });
    api.clips.fastCut.mockRejectedValue(new Error('not asked about here'));
    api.jobs.listInWorkspace.mockResolvedValue(page([job]));
    api.medias.get.mockImplementation(async ({ params }: { params: { id: string } }) =>
      params.id === MEDIA ? media : clipMedia,
    );
    api.medias.listInWorkspace.mockResolvedValue(page([media]));
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('sets In and Out with the I and O keys and creates the clip with ISO wall-clock times', {
    timeout: 20_000,
  }, async () => {
    api.clips.create.mockResolvedValue({ job, media: clipMedia });
    show(`?output=${OUTPUT}`);
    await screen.findByRole('button', { name: 'Set In (I)' }, { timeout: 10_000 });

    key('i');
    playhead.at = START + 24_400;
    key('o');
    expect(screen.getByTestId('clip-duration').textContent).toBe('14.4 sec');

    fireEvent.click(screen.getByRole('radio', { name: 'Fast only (cuts at segment boundaries)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    await waitFor(() => expect(api.clips.create).toHaveBeenCalledTimes(1));
    expect(api.clips.create.mock.calls[0]![0].body).toEqual({
      outputId: OUTPUT,
      from: '2026-11-25T20:00:10.000Z',
      to: '2026-11-25T20:00:24.400Z',
      mode: 'fast',
      name: expect.stringMatching(/^Main clip /),
    });
    // The new media and its job show up, with a link to the library.
    const link = await screen.findByRole('link', { name: 'Main clip' });
    expect(link.getAttribute('href')).toBe('/c1/w1/media?origin=clip');
    expect(await screen.findByText('Fast cut, exact cut in progress')).toBeTruthy();
  });

  it('opens the clips made here in the Video Editor as a new draft, once they are playable', {
    timeout: 20_000,
  }, async () => {
    api.clips.create.mockResolvedValue({ job, media: clipMedia });
    api.drafts.create.mockResolvedValue({ id: 'd1' });
    show(`?output=${OUTPUT}`);
    await screen.findByRole('button', { name: 'Set In (I)' }, { timeout: 10_000 });
    key('i');
    playhead.at = START + 20_000;
    key('o');
    fireEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    const open = await screen.findByRole('button', { name: 'Open this clip in the Video Editor' });
    expect(open).toHaveProperty('disabled', true); // still processing: its length is not known yet
    cleanup();

    api.medias.get.mockImplementation(async ({ params }: { params: { id: string } }) =>
      params.id === MEDIA ? media : { ...clipMedia, status: 'ready', durationMs: 10_000 },
    );
    show(`?output=${OUTPUT}`);
    await screen.findByRole('button', { name: 'Set In (I)' }, { timeout: 10_000 });
    playhead.at = START + 10_000;
    key('i');
    playhead.at = START + 20_000;
    key('o');
    fireEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    const ready = await screen.findByRole('button', { name: 'Open this clip in the Video Editor' });
    await waitFor(() => expect(ready).toHaveProperty('disabled', false));
    fireEvent.click(ready);
    await screen.findByText('Editor opened');
    expect(api.drafts.create.mock.calls[0]![0].body).toEqual({
      workspaceId: 'w1',
      name: 'Clip',
      fromMediaIds: [clipMedia.id],
    });
  });

  it('steps a frame with ←/→ and a segment with Shift, and sends lastSeconds for a quick choice', {
    timeout: 20_000,
  }, async () => {
    api.clips.create.mockResolvedValue({ job, media: clipMedia });
    show(`?output=${OUTPUT}`);
    await screen.findByRole('button', { name: 'Set In (I)' }, { timeout: 10_000 });
    key('ArrowRight', { shiftKey: true });
    expect(playhead.seek).toHaveBeenLastCalledWith(START + 16_000);
    key('ArrowLeft');
    expect(playhead.seek.mock.calls.at(-1)![0]).toBeCloseTo(START + 10_000 - 1000 / 30);

    fireEvent.click(screen.getByRole('button', { name: 'Last 60 s' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    await waitFor(() => expect(api.clips.create).toHaveBeenCalledTimes(1));
    const body = api.clips.create.mock.calls[0]![0].body;
    expect(body).toMatchObject({ outputId: OUTPUT, lastSeconds: 60, mode: 'both' });
    expect(body.from).toBeUndefined();
  });

  it('marks the playhead with M', { timeout: 20_000 }, async () => {
    api.clips.addMarker.mockResolvedValue({});
    show(`?output=${OUTPUT}`);
    await screen.findByRole('button', { name: 'Mark (M)' }, { timeout: 10_000 });
    key('m');
    await waitFor(() =>
      expect(api.clips.addMarker).toHaveBeenCalledWith({
        params: { id: OUTPUT },
        body: { at: '2026-11-25T20:00:10.000Z' },
      }),
    );
  });

  it('clips a media by offsets', { timeout: 20_000 }, async () => {
    playhead.at = 1500;
    api.clips.create.mockResolvedValue({ job, media: clipMedia });
    show(`?media=${MEDIA}`);
    await screen.findByRole('button', { name: 'Set In (I)' }, { timeout: 10_000 });
    key('i');
    playhead.at = 12_250;
    key('o');
    expect(screen.getByTestId('clip-in').textContent).toBe('0:01.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    await waitFor(() => expect(api.clips.create).toHaveBeenCalledTimes(1));
    expect(api.clips.create.mock.calls[0]![0].body).toMatchObject({
      mediaId: MEDIA,
      inMs: 1500,
      outMs: 12_250,
      mode: 'both',
    });
  });

  it('refuses a clip without Out before asking the server', { timeout: 20_000 }, async () => {
    show(`?output=${OUTPUT}`);
    await screen.findByRole('button', { name: 'Set In (I)' }, { timeout: 10_000 });
    key('i');
    fireEvent.click(screen.getByRole('button', { name: 'Create clip' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Set Out.');
    expect(api.clips.create).not.toHaveBeenCalled();
  });

  it('shows the available window, says to wait, and puts field errors on their fields', {
    timeout: 20_000,
  }, async () => {
    show(`?output=${OUTPUT}`);
    await screen.findByRole('button', { name: 'Set In (I)' }, { timeout: 10_000 });
    key('i');
    playhead.at = START + 20_000;
    key('o');
    const create = screen.getByRole('button', { name: 'Create clip' });

    api.clips.create.mockRejectedValueOnce(
      new ApiError(422, {
        code: 'CLIP_RANGE_UNAVAILABLE',
        message: 'Outside the window',
        details: [
          { field: 'from', message: 'Before the DVR window' },
          { field: 'window', message: '2026-11-25T20:00:05.000Z/2026-11-25T20:01:05.000Z' },
        ],
      }),
    );
    fireEvent.click(create);
    const refusal = await screen.findByText(/This range cannot be clipped\. Available now: /);
    // The window of the answer, in the page's clock format (local time).
    const clock = (iso: string) =>
      new Intl.DateTimeFormat('en', {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        fractionalSecondDigits: 1,
      }).format(new Date(iso));
    expect(refusal.textContent).toContain(
      `${clock('2026-11-25T20:00:05.000Z')} to ${clock('2026-11-25T20:01:05.000Z')}`,
    );

    api.clips.create.mockRejectedValueOnce(
      new ApiError(425, { code: 'CLIP_TOO_EARLY', message: 'Too early' }),
    );
    fireEvent.click(create);
    await screen.findByText(/has not been streamed yet/);

    api.clips.create.mockRejectedValueOnce(
      new ApiError(400, {
        code: 'VALIDATION_FAILED',
        message: 'Invalid',
        details: [{ field: 'name', message: 'Name is taken' }],
      }),
    );
    fireEvent.click(create);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Name is taken')).toBeTruthy();
  });

  it('says which players keep no DVR', { timeout: 20_000 }, async () => {
    show(`?output=${SLOW}`);
    expect(await screen.findByText(/keeps no DVR window/)).toBeTruthy();
    expect(api.clips.dvr).not.toHaveBeenCalled();
  });
});
