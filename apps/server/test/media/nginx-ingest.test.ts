import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanup,
  exited,
  ffmpegHelper,
  ffprobe,
  freePort,
  tempDir,
  waitFor,
} from '../../../../packages/media/test/media-helpers';
import { publishTestStream } from '../../../../scripts/lib/test-support.mjs';
import { nginxRtmpAvailable, startNginxIngest } from '../../src/plugins/nginx-ingest';
import { portFree, type RtmpIngest } from '../../src/plugins/rtmp-ingest';

/**
 * The nginx-rtmp ingest (INGEST_ENGINE=nginx, issue 18) with real nginx and ffmpeg: nginx asks our
 * callbacks before a publish, our processes read the stream, a kick drops the encoder, a refused key and a
 * second publisher of a live key are turned away, and nginx goes when the ingest stops.
 * Needs Debian's nginx and libnginx-mod-rtmp (.ci/run installs them).
 */
const available = nginxRtmpAvailable();
if (!available) console.warn('nginx-ingest.test.ts skipped: nginx with libnginx-mod-rtmp is not installed');

describe.skipIf(!available)('nginx-rtmp ingest', () => {
  let ingest: RtmpIngest;
  const events: string[] = [];
  const refused = new Set(['refused-key']);

  const publish = (key: string) =>
    publishTestStream(ingest.publishUrl(key), { size: '320x180', gopSeconds: 1, loglevel: 'warning' });

  beforeAll(async () => {
    ingest = await startNginxIngest({
      port: await freePort(),
      host: '127.0.0.1',
      dataDir: await tempDir(),
      hooks: {
        mayPublish: (key) => !refused.has(key),
        published: (key) => events.push(`live ${key}`),
        unpublished: (key) => events.push(`offline ${key}`),
      },
    });
  });
  afterAll(async () => {
    await ingest?.stop();
    await cleanup();
  });

  it('accepts a known key, serves it to our readers, counts its bytes, and kicks it', async () => {
    const encoder = publish('studio-key');
    await waitFor('the publish callback', () => events.includes('live studio-key'), 15_000);
    expect(ingest.publishing()).toEqual(['studio-key']);

    const dir = await tempDir();
    // Our readers name an alias of the key, which nginx redirects to the stream (issue 30 item 4).
    expect(ingest.localUrl('studio-key')).not.toContain('studio-key');
    const reader = ffmpegHelper([
      '-i',
      ingest.localUrl('studio-key'),
      '-t',
      '2',
      '-c',
      'copy',
      `${dir}/read.ts`,
    ]);
    expect(await exited(reader, 20_000)).toBe(0);
    const probe = await ffprobe(`${dir}/read.ts`);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    await waitFor('bytes in from the stat page', () => (ingest.bytesIn('studio-key') ?? 0) > 10_000, 10_000);

    // A second encoder on a key that is live is turned away; the first goes on.
    const second = publish('studio-key');
    expect(await exited(second, 15_000)).not.toBe(0);
    expect(encoder.exitCode).toBeNull();

    ingest.kick('studio-key');
    await waitFor('the publisher dropped', () => events.includes('offline studio-key'), 10_000);
    expect(await exited(encoder, 10_000)).not.toBe(0);
    expect(ingest.publishing()).toEqual([]);
    expect(ingest.bytesIn('studio-key')).toBeUndefined();
  });

  it('refuses a key the hooks refuse, and never reports it', async () => {
    const encoder = publish('refused-key');
    expect(await exited(encoder, 15_000)).not.toBe(0);
    expect(events.filter((e) => e.endsWith('refused-key'))).toEqual([]);
    expect(ingest.publishing()).toEqual([]);
  });

  it('takes nginx down with it when it stops', async () => {
    await ingest.stop();
    expect(await portFree(ingest.port, '127.0.0.1')).toBe(true);
  });
});
