import { type ChildProcess, spawn } from 'node:child_process';
import type { StromwerkClient } from '@stromwerk/client/create-client';

/** The server's RTMP ingest port (scripts/test-e2e.mjs hands it over). */
export function rtmpPort(): number {
  const port = Number(process.env.E2E_RTMP_PORT);
  if (!port) throw new Error('E2E_RTMP_PORT missing: run through `npm run test:e2e`');
  return port;
}

/** An encoder like OBS: a test picture with a tone, H.264/AAC in real time, until killed. */
export function publish(streamKey: string): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        '-g',
        '50',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-c:a', 'aac', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort()}/live/${streamKey}`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/** An RTMP source made through the API and an ffmpeg publishing to it. */
export async function liveSource(api: StromwerkClient, workspaceId: string, name: string) {
  const source = await api.sources.create({ body: { workspaceId, name, type: 'rtmp' } });
  const key = await api.sources.streamKey({ params: { id: source.id } });
  return { source, encoder: publish(key.streamKey) };
}

export async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}
