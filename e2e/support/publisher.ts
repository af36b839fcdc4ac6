import type { ChildProcess } from 'node:child_process';
import type { StromwerkClient } from '@stromwerk/client/create-client';
import { publishTestStream, stop as stopProcess } from '../../scripts/lib/test-support.mjs';

/** The server's RTMP ingest port (scripts/test-e2e.mjs hands it over). */
export function rtmpPort(): number {
  const port = Number(process.env.E2E_RTMP_PORT);
  if (!port) throw new Error('E2E_RTMP_PORT missing: run through `npm run test:e2e`');
  return port;
}

/** An encoder like OBS: a test picture with a tone, H.264/AAC in real time, until stopped. */
export function publish(streamKey: string): ChildProcess {
  return publishTestStream(`rtmp://127.0.0.1:${rtmpPort()}/live/${streamKey}`);
}

/** An RTMP source made through the API and an ffmpeg publishing to it. */
export async function liveSource(api: StromwerkClient, workspaceId: string, name: string) {
  const source = await api.sources.create({ body: { workspaceId, name, type: 'rtmp' } });
  const key = await api.sources.streamKey({ params: { id: source.id } });
  return { source, encoder: publish(key.streamKey) };
}

/** Ends an encoder or receiver at once (SIGKILL), as a crash or a pulled cable would. */
export const stop = (child: ChildProcess | undefined) => stopProcess(child, 0);
