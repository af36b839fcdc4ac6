import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RECONNECT_GRACE_MS } from '../../src/modules/live/live-orphans';
import {
  CLUSTER_ADMIN,
  type ClusterDatabase,
  type ClusterNode,
  call,
  clusterSettings,
  disconnectedAfter,
  exitTime,
  expectRefusedPublish,
  freshDatabase,
  leaseHolder,
  mediaCommandsOf,
  mediaProcessesOf,
  refusedStart,
  startNode,
  tearDownCluster,
} from '../helpers/cluster';
import { freePort, makeMediaFile, publishTestStream, waitFor } from '../helpers/media';

// Issue 19, ingest placement: one API process (ROLE=api) and one media process of Europe (ROLE=media,
// INGEST_REGION=europe) on one fresh PostgreSQL database, one SHARED_DIR, the machine's Mosquitto, real
// ffmpeg encoders. Needs PostgreSQL: TEST_DATABASE_URL.

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('cluster-roles.test.ts skipped: it needs PostgreSQL (set TEST_DATABASE_URL)');
const nodes: ClusterNode[] = [];
let db: ClusterDatabase | undefined;
const sharedDir = mkdtempSync(join(tmpdir(), 'sw-roles-shared-'));
const cluster = clusterSettings(sharedDir);

afterAll(() => tearDownCluster(nodes, sharedDir, db));
/** Whether anything accepts a TCP connection on the port (127.0.0.1). */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
const segmentsOf = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

interface ClusterHealth {
  cluster?: { mediaProcesses: Record<string, number>; regionsWithoutMedia: string[] };
  parts: { jobs: { ok: boolean; waiting: number; message?: string } };
}

describe.skipIf(!adminUrl)('ingest placement by ROLE and INGEST_REGION (PostgreSQL)', () => {
  it('an API process and a Europe media process: ingest, players, jobs, refusals, control', async () => {
    db = await freshDatabase(adminUrl!);
    const q = async <T>(text: string, values: unknown[] = []) => db!.query<T>(text, values);
    const holderOf = (kind: string, id: string) => leaseHolder(db!, kind, id);
    const liveOf = async (id: string) =>
      (await q<{ live: boolean }>('SELECT live FROM sources WHERE id = $1', [id]))[0]?.live;

    // A role that cannot work is refused in one line before anything starts.
    const alone = await refusedStart('alone', db.url, { ROLE: 'api', DATABASE_URL: '' });
    expect(alone.code).toBe(1);
    expect(alone.lines).toEqual([
      expect.stringMatching(/^Invalid configuration: ROLE=api needs DATABASE_URL/),
    ]);

    const mediaRtmp = await freePort();
    const europeUrl = `rtmp://127.0.0.1:${mediaRtmp}/live`;
    const [api, media] = await Promise.all([
      startNode('api', db.url, {
        ...cluster,
        ROLE: 'api',
        INGEST_URL_EUROPE: europeUrl,
        INGEST_URL_US_WEST: 'rtmp://ingest-us.example.test/live',
      }),
      startNode('media', db.url, {
        ...cluster,
        ROLE: 'media',
        INGEST_REGION: 'europe',
        RTMP_PORT: String(mediaRtmp),
      }),
    ]);
    nodes.push(api!, media!);
    const health = async (n: ClusterNode) =>
      ((await (await fetch(`${n.base}/health`)).json()) as { process: unknown }).process;
    expect(await health(api)).toEqual({ role: 'api', regions: [] });
    expect(await health(media)).toEqual({ role: 'media', regions: ['europe'] });
    // The API process opened no RTMP port; the media process did.
    expect(await listening(api.rtmpPort)).toBe(false);
    expect(await listening(mediaRtmp)).toBe(true);

    const { token } = await call<{ token: string }>(api, 'POST', '/login', CLUSTER_ADMIN);
    const workspaceId = (await call<{ items: { id: string }[] }>(api, 'GET', '/workspaces', undefined, token))
      .items[0]!.id;
    const create = (body: object) =>
      call<{ id: string; ingestUrl: string | null }>(
        api,
        'POST',
        '/sources',
        { workspaceId, ...body },
        token,
      );
    const keyOf = async (id: string) =>
      (await call<{ streamKey: string }>(api, 'GET', `/sources/${id}/stream-key`, undefined, token))
        .streamKey;
    const stage = await create({ name: 'Stage', type: 'rtmp', endpoint: 'europe' });
    const west = await create({ name: 'West', type: 'rtmp', endpoint: 'us-west' });
    // The encoder setup shows the chosen region's address: the media processes', from INGEST_URL_<REGION>.
    expect(stage.ingestUrl).toBe(europeUrl);
    expect(west.ingestUrl).toBe('rtmp://ingest-us.example.test/live');
    const player = await call<{ id: string }>(
      api,
      'POST',
      '/outputs',
      { workspaceId, name: 'Stage player', mainSourceId: stage.id },
      token,
    );

    // An encoder at the media process goes live there; its player's program is written there too.
    const encoder = publishTestStream(`${europeUrl}/${await keyOf(stage.id)}`, { seconds: 80 });
    await waitFor('the stage live', async () => await liveOf(stage.id), 20_000);
    expect(await holderOf('source', stage.id)).toContain(`/${media.child.pid}/`);
    await waitFor(
      'the program written by the media process',
      async () => (await holderOf('output', player.id))?.includes(`/${media.child.pid}/`),
      30_000,
    );

    await waitFor(
      'the program showing the stage',
      async () =>
        (await q<{ input: string }>('SELECT input FROM outputs WHERE id = $1', [player.id]))[0]?.input ===
        'main',
      30_000,
    );
    // A viewer at the API process gets the playlist and its segments (from SHARED_DIR).
    const session = await fetch(`${api.base}/play/${player.id}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(session.status).toBe(200);
    const hlsUrl = `${api.base.replace(/\/v1$/, '')}${((await session.json()) as { hlsUrl: string }).hlsUrl}`;
    const playlist = await waitFor(
      'segments in the playlist from the API process',
      async () => {
        const res = await fetch(hlsUrl);
        const text = res.ok ? await res.text() : '';
        return segmentsOf(text).length >= 2 && text;
      },
      40_000,
    );
    const segment = await fetch(new URL(segmentsOf(playlist).at(-1)!, hlsUrl));
    expect(segment.status).toBe(200);
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // A US-West source's publish reaching the Europe media process is refused, with a line naming both.
    const wrong = publishTestStream(`${europeUrl}/${await keyOf(west.id)}`, { seconds: 30 });
    await exitTime(wrong);
    expect(await liveOf(west.id)).toBe(false);
    expect(media.output()).toContain(
      "publish refused: the source's ingest region is us-west, this process serves europe",
    );

    // A demo source runs on the media process, never on the API process.
    const demo = await create({ name: 'Demo', type: 'demo', startNow: true });
    await waitFor('the demo live', async () => await liveOf(demo.id), 30_000);
    expect(await holderOf('source', demo.id)).toContain(`/${media.child.pid}/`);
    // With two live sources and a player running, every live lease (source, output, target) is the media
    // process's: the API process holds none (only its `process` heartbeat row) and runs no ffmpeg.
    const leases = await q<{ kind: string; holder: string }>(
      "SELECT kind, holder FROM live_leases WHERE kind <> 'process'",
    );
    expect(leases.length).toBeGreaterThanOrEqual(3);
    expect(leases.filter((l) => !l.holder.includes(`/${media.child.pid}/`))).toEqual([]);
    expect(mediaProcessesOf(api)).toEqual([]);

    // A player deleted through the API process: the media process stops its writer and removes its files.
    const deleteAt = Date.now();
    await call(api, 'DELETE', `/outputs/${player.id}`, undefined, token);
    await waitFor(
      'the writer stopped',
      async () =>
        !mediaCommandsOf(media).some((c) => c.includes(`hls/${player.id}`)) &&
        !existsSync(join(sharedDir, 'hls', player.id)),
      10_000,
    );
    const playerGoneMs = Date.now() - deleteAt;

    // Jobs are run by the media process: an upload's probe and thumbnail and an MP4 render, asked of the
    // API process. Every job seen held (`locked_by`, host:pid:worker) names the media process's pid.
    const holders = new Set<string>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const rows = await q<{ locked_by: string }>('SELECT locked_by FROM jobs WHERE locked_by IS NOT NULL');
        for (const r of rows) holders.add(r.locked_by);
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    const clip = await makeMediaFile(join(sharedDir, 'upload-source.mkv'), { seconds: 4 });
    const form = new FormData();
    form.append('file', new Blob([readFileSync(clip)]), 'clip.mkv');
    const upload = await fetch(`${api.base}/medias/upload?workspaceId=${workspaceId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const mediaId = ((await upload.json()) as { items: { id: string }[] }).items[0]!.id;
    const mediaStatus = async () =>
      (await call<{ status: string }>(api, 'GET', `/medias/${mediaId}`, undefined, token)).status;
    await waitFor('the upload ready', async () => (await mediaStatus()) === 'ready', 30_000);
    await call(api, 'PUT', `/medias/${mediaId}/render-mp4`, {}, token);
    const openJobs = async () =>
      (await q<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE state IN ('queued', 'running')"))[0]!.n;
    await waitFor('the render done', async () => (await openJobs()) === '0', 60_000);
    watching = false;
    await watch;
    const jobs = await q<{ type: string; state: string }>('SELECT type, state FROM jobs ORDER BY created_at');
    expect(jobs.map((j) => j.type)).toContain('render-mp4');
    expect(jobs.filter((j) => j.state !== 'done')).toEqual([]);
    expect(holders.size).toBeGreaterThan(0);
    expect([...holders].filter((h) => !h.includes(`:${media.child.pid}:`))).toEqual([]);
    expect(mediaProcessesOf(api)).toEqual([]);

    // Control made through the API process reaches the encoder at the media process: a maintenance window
    // set on the live stage disconnects it (rotate-key, block and delete through another process are in
    // cluster-live.test.ts), and the media process refuses the same key until the window ends.
    const stageKey = await keyOf(stage.id);
    const windowAt = Date.now();
    const hour = 3_600_000;
    await call(
      api,
      'PUT',
      `/sources/${stage.id}`,
      {
        maintenanceStart: new Date(windowAt - 60_000).toISOString(),
        maintenanceEnd: new Date(windowAt + hour).toISOString(),
      },
      token,
    );
    const disconnectMs = await disconnectedAfter(encoder, windowAt);
    await waitFor('the stage offline', async () => !(await liveOf(stage.id)), 10_000);
    await expectRefusedPublish(`${europeUrl}/${stageKey}`);
    expect(await liveOf(stage.id)).toBe(false);

    // The only media process dies (issue 29): the API process corrects its stream offline (no ghost: the
    // encoder has nowhere to go), health says the Europe region has no media process, and a job waits
    // visibly for one.
    const second = await create({ name: 'Second stage', type: 'rtmp', endpoint: 'europe' });
    const last = publishTestStream(`${europeUrl}/${await keyOf(second.id)}`, { seconds: 60 });
    await waitFor('the second stage live', async () => await liveOf(second.id), 20_000);
    await waitFor('the media process counted in health', async () => {
      const h = (await (await fetch(`${api.base}/health`)).json()) as ClusterHealth;
      return h.cluster?.mediaProcesses.europe === 1;
    });
    media.child.kill('SIGKILL');
    await exitTime(last);
    await call(api, 'PUT', `/medias/${mediaId}/render-mp4`, {}, token);
    await waitFor(
      'the stream of the dead process offline',
      async () => !(await liveOf(second.id)),
      RECONNECT_GRACE_MS + 10_000,
    );
    const after = await waitFor('health without a media process', async (note) => {
      const h = (await (await fetch(`${api.base}/health`)).json()) as ClusterHealth;
      note(h);
      return h.cluster?.regionsWithoutMedia.includes('europe') && !h.parts.jobs.ok ? h : undefined;
    });
    expect(after.parts.jobs.waiting).toBeGreaterThanOrEqual(1);
    expect(after.parts.jobs.message).toMatch(/waiting: no media process/);
    expect((await fetch(`${api.base}/health/ready`)).status).toBe(200);
    console.log(
      JSON.stringify({
        clusterRoles: {
          disconnectMs,
          playerGoneMs,
          jobHolders: [...holders],
          startMs: nodes.map((n) => n.startMs),
        },
      }),
    );
  }, 150_000);
});
