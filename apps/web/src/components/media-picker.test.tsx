import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../lib/i18n';
import { MediaPicker } from './media-picker';

const api = vi.hoisted(() => ({ medias: { listInWorkspace: vi.fn(), get: vi.fn() } }));
vi.mock('../lib/api-client', () => ({ api }));

const media = (
  id: string,
  name: string,
  status = 'ready',
  durationMs: number | null = 65_000,
  info: unknown = null,
) => ({
  id,
  name,
  status,
  durationMs,
  info,
  links: { original: null, download: null, thumbnail: `/thumbs/${id}.jpg`, preview: null },
});
const page = (items: unknown[]) => ({ items, total: items.length, limit: 50, offset: 0 });

function Form({ onChange, needs }: { onChange: (id: string) => void; needs?: 'video' | 'audio' }) {
  const [value, setValue] = useState('');
  return (
    <MediaPicker
      needs={needs}
      workspaceId="w1"
      label="Media"
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

describe('MediaPicker', () => {
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['medias']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists ready media by name with their length, searches on the server and sets the id', async () => {
    api.medias.listInWorkspace.mockImplementation(async ({ query }: { query: { search?: string } }) =>
      query.search === 'key'
        ? page([media('m2', 'Keynote rehearsal')])
        : page([
            media('m1', 'Fractal zoom'),
            media('m2', 'Keynote rehearsal'),
            media('m3', 'Still rendering', 'processing'),
          ]),
    );
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nextProvider i18n={i18n}>
          <Form onChange={onChange} />
        </I18nextProvider>
      </QueryClientProvider>,
    );

    const input = await screen.findByRole('combobox', { name: 'Media' });
    input.focus();
    fireEvent.mouseDown(input);
    expect(await screen.findByRole('option', { name: /Fractal zoom/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Keynote rehearsal/ }).textContent).toContain('1:05');
    expect(screen.queryByRole('option', { name: /Still rendering/ })).toBeNull();
    expect(api.medias.listInWorkspace).toHaveBeenCalledWith(
      expect.objectContaining({ params: { id: 'w1' } }),
      expect.anything(),
    );

    fireEvent.change(input, { target: { value: 'key' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: /Fractal zoom/ })).toBeNull());
    expect(api.medias.listInWorkspace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ search: 'key' }) }),
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('option', { name: /Keynote rehearsal/ }));
    expect(onChange).toHaveBeenCalledWith('m2');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Keynote rehearsal'));
    // Three renders of a popup list: more than the default 5 s on a busy 2-core machine.
  }, 20_000);

  it('lists only media with the stream a track needs (unknown streams stay listed)', async () => {
    const video = { codec: 'h264', width: 640, height: 360, fps: 25, bitrateKbps: null, profile: null };
    const audio = { codec: 'aac', sampleRate: 48000, channels: 2, bitrateKbps: null };
    api.medias.listInWorkspace.mockResolvedValue(
      page([
        media('m1', 'Music bed', 'ready', 60_000, { formatName: 'mp3', video: null, audio }),
        media('m2', 'Silent logo', 'ready', 5_000, { formatName: 'png', video, audio: null }),
        media('m3', 'Interview', 'ready', 90_000, { formatName: 'mp4', video, audio }),
        media('m4', 'Not probed yet', 'ready', null, null),
      ]),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nextProvider i18n={i18n}>
          <Form onChange={vi.fn()} needs="audio" />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const input = await screen.findByRole('combobox', { name: 'Media' });
    input.focus();
    fireEvent.mouseDown(input);
    expect(await screen.findByRole('option', { name: /Music bed/ })).toBeTruthy();
    const names = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(names.some((n) => n.includes('Interview'))).toBe(true);
    expect(names.some((n) => n.includes('Not probed yet'))).toBe(true);
    expect(names.some((n) => n.includes('Silent logo'))).toBe(false);
  }, 20_000);
});
