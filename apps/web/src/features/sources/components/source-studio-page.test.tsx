import type { Source, SourceType } from '@stromwerk/contracts/sources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import { SourceStudioPage } from './source-studio-page';

const api = vi.hoisted(() => ({
  sources: { listInWorkspace: vi.fn(), streamKey: vi.fn() },
  outputs: { listInWorkspace: vi.fn(), statistics: vi.fn() },
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

const SOURCE_ID = '00000000-0000-4000-8000-000000000001';
const source = (type: SourceType): Source => ({
  id: SOURCE_ID,
  corporationId: 'c1',
  workspaceId: 'w1',
  name: 'Keynote',
  type,
  endpoint: 'europe',
  recording: false,
  startNow: true,
  scheduledStart: null,
  mediaId: null,
  loop: true,
  maintenanceStart: null,
  maintenanceEnd: null,
  state: 'live',
  streamStart: null,
  streamInfo: null,
  lastError: null,
  lastErrorCause: null,
  ingestUrl: 'http://localhost:3000/v1/whip',
  meta: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const page = <T,>(items: T[]) => ({ items, total: items.length, limit: 200, offset: 0 });

/** A capture device's track, as far as the studio reads it. */
const track = (kind: string, deviceId: string) => ({
  kind,
  id: deviceId,
  enabled: true,
  contentHint: '',
  stop: vi.fn(),
  getSettings: () => ({ deviceId }),
  addEventListener: vi.fn(),
});
const stream = (...tracks: ReturnType<typeof track>[]) => ({
  getTracks: () => tracks,
  getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
});
const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;

const mediaDevices = {
  getUserMedia: vi.fn(),
  enumerateDevices: vi.fn(),
  getDisplayMedia: vi.fn(),
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
};

function show() {
  const router = createMemoryRouter(
    [{ path: '/:corporationId/:workspaceId/sources/:sourceId/studio', element: <SourceStudioPage /> }],
    { initialEntries: [`/c1/w1/sources/${SOURCE_ID}/studio`] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('SourceStudioPage', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['sources']);
  });
  beforeEach(() => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices });
    vi.stubGlobal('RTCPeerConnection', class {});
    vi.stubGlobal('MediaStream', class {});
    api.sources.streamKey.mockResolvedValue({
      streamKey: 'key-1',
      ingestUrl: 'http://localhost:3000/v1/whip',
      publishUrl: null,
    });
    api.outputs.listInWorkspace.mockResolvedValue(
      page([
        { id: 'p1', name: 'Main stage', mainSourceId: SOURCE_ID, backupSourceId: null },
        { id: 'p2', name: 'Backup stage', mainSourceId: null, backupSourceId: SOURCE_ID },
        { id: 'p3', name: 'Other', mainSourceId: 'elsewhere', backupSourceId: null },
      ]),
    );
    api.outputs.statistics.mockImplementation(({ params }: { params: { id: string } }) =>
      Promise.resolve({
        currentViewers: params.id === 'p1' ? 5 : 2,
        peakViewers: 9,
        views: 20,
        watchSeconds: 60,
      }),
    );
    mediaDevices.enumerateDevices.mockResolvedValue([
      device('videoinput', 'cam-1', 'Front camera'),
      device('videoinput', 'cam-2', 'USB camera'),
      device('audioinput', 'mic-1', 'Headset'),
    ]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('offers camera, microphone, the toggles, the level and Start live, with the source state and viewers', async () => {
    api.sources.listInWorkspace.mockResolvedValue(page([source('whip')]));
    mediaDevices.getUserMedia.mockResolvedValue(stream(track('video', 'cam-1'), track('audio', 'mic-1')));
    show();

    expect(await screen.findByRole('heading', { level: 1, name: 'Studio: Keynote' })).toBeTruthy();
    const cameraSelect = await screen.findByRole('combobox', { name: 'Camera' });
    expect(await within(cameraSelect).findByText('Front camera')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Microphone' }).textContent).toContain('Headset');
    expect(mediaDevices.getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.anything(), audio: expect.anything() }),
    );

    const share = screen.getByRole('button', { name: 'Share screen' });
    expect(share.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Camera off' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Mute microphone' })).toBeTruthy();
    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    expect(meter.getAttribute('aria-valuemin')).toBe('0');
    expect(meter.getAttribute('aria-valuemax')).toBe('100');
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByLabelText('Preview of what you send').tagName).toBe('VIDEO');

    // Start waits for the bearer token; the studio is not sending yet.
    const start = await screen.findByRole('button', { name: 'Start live' });
    await vi.waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('status').textContent).toBe('Not sending');
    expect(screen.getByText('Live')).toBeTruthy();
    // Viewers of both players the source feeds (main and backup ingest), not of the third.
    expect(await screen.findByText('7')).toBeTruthy();
    expect(
      screen.getByText(/Viewers now of the 2 players fed by this source: Main stage and Backup stage/),
    ).toBeTruthy();
  });

  it('shares the screen and marks the toggle pressed', async () => {
    api.sources.listInWorkspace.mockResolvedValue(page([source('whip')]));
    mediaDevices.getUserMedia.mockResolvedValue(stream(track('video', 'cam-1'), track('audio', 'mic-1')));
    mediaDevices.getDisplayMedia.mockResolvedValue(stream(track('video', 'screen')));
    show();

    const share = await screen.findByRole('button', { name: 'Share screen' });
    await vi.waitFor(() => expect(share.hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(share));
    expect(mediaDevices.getDisplayMedia).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Share screen' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('explains a refused camera and microphone, with a way to try again', async () => {
    api.sources.listInWorkspace.mockResolvedValue(page([source('whip')]));
    mediaDevices.getUserMedia.mockRejectedValue(
      Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }),
    );
    show();

    expect(await screen.findByText(/may not use your camera and microphone/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(mediaDevices.getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('says when no camera or microphone is connected', async () => {
    api.sources.listInWorkspace.mockResolvedValue(page([source('whip')]));
    mediaDevices.getUserMedia.mockRejectedValue(Object.assign(new Error('none'), { name: 'NotFoundError' }));
    show();

    expect(await screen.findByText(/No camera or microphone was found/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start live' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends a source of another type back to the sources page, asking for nothing', async () => {
    api.sources.listInWorkspace.mockResolvedValue(page([source('rtmp')]));
    show();

    expect(
      await screen.findByText(/Only a source of the type WebRTC \(WHIP\) goes live from the browser/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Stream Sources' }).getAttribute('href')).toBe(
      '/c1/w1/sources',
    );
    expect(mediaDevices.getUserMedia).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Start live' })).toBeNull();
  });
});
