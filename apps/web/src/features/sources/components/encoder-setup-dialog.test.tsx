import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../lib/i18n';
import type { SourceItem } from '../../../lib/queries/source-item';
import { EncoderSetupDialog } from './encoder-setup-dialog';

const api = vi.hoisted(() => ({ sources: { streamKey: vi.fn(), rotateKey: vi.fn() } }));
vi.mock('../../../lib/api-client', () => ({ api }));

const info = (bFrames?: boolean): StreamInfo => ({
  formatName: 'flv',
  video: { codec: 'h264', width: 1280, height: 720, fps: 30, bitrateKbps: 2500, profile: 'High', bFrames },
  audio: null,
});
const source = (streamInfo: StreamInfo | null) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Stage',
    type: 'rtmp',
    state: 'live',
    ingestUrl: 'rtmp://localhost:1935/live',
    streamInfo,
  }) as unknown as SourceItem;

function show(s: SourceItem) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <EncoderSetupDialog source={s} onClose={() => {}} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('EncoderSetupDialog', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['sources']);
  });
  afterEach(cleanup);

  it('tells the publisher when their encoder sends B-frames, and only then', async () => {
    show(source(info(true)));
    expect(await screen.findByText(/This encoder sends B-frames/)).toBeTruthy();
    cleanup();
    for (const s of [source(info(false)), source(info(undefined)), source(null)]) {
      show(s);
      expect(await screen.findByRole('dialog', { name: /^Encoder setup: Stage/ })).toBeTruthy();
      expect(screen.queryByText(/B-frames/)).toBeNull();
      cleanup();
    }
  });

  it('shows a WHIP source the server URL, the bearer token, the OBS WHIP steps and the studio', async () => {
    const whip = {
      id: '00000000-0000-4000-8000-000000000002',
      corporationId: 'c1',
      workspaceId: 'w1',
      name: 'Keynote',
      type: 'whip',
      state: 'offline',
      ingestUrl: 'http://localhost:8080/v1/whip',
      streamInfo: null,
    } as unknown as SourceItem;
    api.sources.streamKey.mockResolvedValue({
      streamKey: 'secret-token',
      ingestUrl: 'http://localhost:8080/v1/whip',
      publishUrl: null,
    });
    show(whip);

    expect(await screen.findByDisplayValue('http://localhost:8080/v1/whip')).toBeTruthy();
    expect(screen.getByLabelText('Bearer token')).toBeTruthy();
    expect(screen.getByText(/choose the service “WHIP”/)).toBeTruthy();
    expect(screen.getByText(/into “Bearer Token”/)).toBeTruthy();
    expect(screen.queryByText(/Custom…/)).toBeNull();
    const goLive = screen.getByRole('link', { name: 'Go live from the browser' });
    expect(goLive.getAttribute('href')).toBe('/c1/w1/sources/00000000-0000-4000-8000-000000000002/studio');

    fireEvent.click(screen.getByRole('button', { name: 'Reveal bearer token' }));
    expect(await screen.findByDisplayValue('secret-token')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide bearer token' })).toBeTruthy();
  });
});
