import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
  mediaProcessesOf,
  startNode,
  tearDownCluster,
} from '../helpers/cluster';
import { ffmpeg, freePort, publishTestStream, waitFor } from '../helpers/media';
import { clusterPlayerChecks } from './cluster-players';

// Issue 19, first part: the live plane on several processes. Three real server processes (the server
// bundle `apps/server/dist/main.js` of the current sources, each its own DATA_DIR, HTTP and RTMP port) on one fresh PostgreSQL database,
// a real ffmpeg encoder and receiver. Needs PostgreSQL: TEST_DATABASE_URL.

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('cluster-live.test.ts skipped: it needs PostgreSQL (set TEST_DATABASE_URL)');
const nodes: ClusterNode[] = [];
let db: ClusterDatabase | undefined;
// What the processes share besides the database: one volume and one broker (clusterSettings).
const sharedDir = mkdtempSync(join(tmpdir(), 'sw-cluster-shared-'));
const cluster = clusterSettings(sharedDir);
let token = '';
let workspaceId = '';

afterAll(() => tearDownCluster(nodes, sharedDir, db));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!adminUrl)('the live plane on several processes (PostgreSQL)', () => {
  it('one owner per stream: others start without touching it, take over after kill -9, control reaches the encoder', async () => {
    db = await freshDatabase(adminUrl!);
    const state = async (sourceId: string, targetId?: string) => {
      const [s] = await db!.query<{ live: boolean }>('SELECT live FROM sources WHERE id = $1', [sourceId]);
      const [t] = targetId
        ? await db!.query<{ state: string }>('SELECT state FROM targets WHERE id = $1', [targetId])
        : [];
      return { live: s?.live, target: t?.state };
    };
    const lease = async (id: string) =>
      (await db!.query<{ holder: string }>('SELECT holder FROM live_leases WHERE thing_id = $1', [id]))[0];

    // Fault 9: two processes start at once on an empty database; exactly one owner is created.
    const [a, b] = await Promise.all([startNode('a', db.url, cluster), startNode('b', db.url, cluster)]);
    nodes.push(a, b);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n).toBe(1);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM corporations'))[0]!.n).toBe(1);

    ({ token } = await call<{ token: string }>(a, 'POST', '/login', CLUSTER_ADMIN));
    workspaceId = (await call<{ items: { id: string }[] }>(b, 'GET', '/workspaces', undefined, token))
      .items[0]!.id;
    const source = await call<{ id: string }>(
      b,
      'POST',
      '/sources',
      { workspaceId, name: 'Cam', type: 'rtmp' },
      token,
    );
    const keyOf = async (node: ClusterNode) =>
      (await call<{ streamKey: string }>(node, 'GET', `/sources/${source.id}/stream-key`, undefined, token))
        .streamKey;
    const key = await keyOf(a);
    const receiverPort = await freePort();
    ffmpeg([
      '-listen',
      '1',
      '-i',
      `rtmp://127.0.0.1:${receiverPort}/app/out`,
      '-c',
      'copy',
      '-f',
      'null',
      '-',
    ]);
    const target = await call<{ id: string }>(
      a,
      'POST',
      '/targets',
      {
        workspaceId,
        name: 'Receiver',
        sourceId: source.id,
        settings: { type: 'rtmp', url: `rtmp://127.0.0.1:${receiverPort}/app`, streamKey: 'out' },
      },
      token,
    );

    // The encoder reaches process A: A owns the source and pushes its target.
    const encoder = publishTestStream(`rtmp://127.0.0.1:${a.rtmpPort}/live/${key}`, { seconds: 120 });
    await waitFor(
      'live through A',
      async () => {
        const s = await state(source.id, target.id);
        if (s.target === 'online') return true;
        // Thrown, not returned: waitFor reports the last error, so a time-out says what it saw.
        throw new Error(
          `source live ${s.live}, target ${s.target}, lease ${(await lease(source.id))?.holder}, encoder exit ${encoder.exitCode}`,
        );
      },
      30_000,
    );
    expect(await state(source.id, target.id)).toEqual({ live: true, target: 'online' });

    // Fault 2: a third process starting leaves A's stream alone.
    const c = await startNode('c', db.url, cluster);
    nodes.push(c);
    await sleep(2500); // two lease rounds and C's start-up correction are behind us
    expect(await state(source.id, target.id)).toEqual({ live: true, target: 'online' });
    expect(encoder.exitCode).toBeNull();
    // One owner: the same key published to C while A has it is refused.
    const second = publishTestStream(`rtmp://127.0.0.1:${c.rtmpPort}/live/${key}`, { seconds: 30 });
    await exitTime(second);
    expect(encoder.exitCode).toBeNull();
    expect((await lease(source.id))?.holder).toContain(`/${a.child.pid}/`);

    // Faults 3 and 10: kill -9 of A. Its ffmpeg children die with it; B or C takes the leases over and
    // writes the source offline and its target offline. The "within 10 s" (the lease lives 5 s)
    // is bench/live-takeover.ts's goal; the 30 s here only keep a takeover that never comes from hanging.
    const children = mediaProcessesOf(a);
    expect(children.length).toBeGreaterThanOrEqual(1); // the target's push
    const killedAt = Date.now();
    a.child.kill('SIGKILL');
    await waitFor(
      'the takeover',
      async () => {
        const s = await state(source.id, target.id);
        return !s.live && s.target === 'offline';
      },
      30_000,
      50,
    );
    const takeoverMs = Date.now() - killedAt;
    expect(mediaProcessesOf(a)).toEqual([]);
    await exitTime(encoder);

    // Fault 4: with the encoder at B, rotate-key through C disconnects it (disconnectedAfter: the
    // behaviour, with the time logged below; the "within a second" is bench/live-control.ts's).
    await waitFor('the lease released after the correction', async () => !(await lease(source.id)), 20_000);
    const again = publishTestStream(`rtmp://127.0.0.1:${b.rtmpPort}/live/${key}`, { seconds: 120 });
    await waitFor('live through B', async () => (await state(source.id)).live, 20_000);
    const rotateAt = Date.now();
    await call(c, 'PUT', `/sources/${source.id}/rotate-key`, {}, token);
    const disconnectMs = await disconnectedAfter(again, rotateAt);
    await waitFor('offline after the rotation', async () => !(await state(source.id)).live, 20_000);
    // The old key is refused by every ingest.
    await expectRefusedPublish(`rtmp://127.0.0.1:${c.rtmpPort}/live/${key}`);
    expect((await state(source.id)).live).toBe(false);

    // Blocking the corporation through C disconnects its encoder at B too, and the ingests refuse its
    // keys while it is blocked.
    const newKey = await keyOf(c);
    const beforeBlock = publishTestStream(`rtmp://127.0.0.1:${b.rtmpPort}/live/${newKey}`, { seconds: 120 });
    await waitFor('live through B before the block', async () => (await state(source.id)).live, 20_000);
    const [corporation] = await db.query<{ id: string }>(
      'SELECT corporation_id AS id FROM workspaces WHERE id = $1',
      [workspaceId],
    );
    const blockAt = Date.now();
    await call(c, 'PUT', `/corporations/${corporation!.id}/block`, {}, token);
    const blockDisconnectMs = await disconnectedAfter(beforeBlock, blockAt);
    await waitFor('offline after the block', async () => !(await state(source.id)).live, 20_000);
    await expectRefusedPublish(`rtmp://127.0.0.1:${b.rtmpPort}/live/${newKey}`);
    expect((await state(source.id)).live).toBe(false);
    await call(c, 'PUT', `/corporations/${corporation!.id}/unblock`, {}, token);

    // Deleting the source through C disconnects its encoder at B at once too.
    const third = publishTestStream(`rtmp://127.0.0.1:${b.rtmpPort}/live/${newKey}`, { seconds: 120 });
    await waitFor('live through B again', async () => (await state(source.id)).live, 20_000);
    const deleteAt = Date.now();
    await call(c, 'DELETE', `/sources/${source.id}`, undefined, token);
    const deleteDisconnectMs = await disconnectedAfter(third, deleteAt);
    console.log(
      JSON.stringify({
        cluster: {
          takeoverMs,
          disconnectMs,
          blockDisconnectMs,
          deleteDisconnectMs,
          startMs: nodes.map((n) => n.startMs),
        },
      }),
    );
  }, 180_000);

  // Issue 19, second part: faults 1, 5, 6, 7, 8 and a rolling restart, on the processes left running.
  it('refuses what cannot serve a cluster; one writer per player served by every process; shared limits; a rolling restart', async () => {
    const alive = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    const result = await clusterPlayerChecks({ db: db!, cluster, nodes, alive, token, workspaceId });
    console.log(JSON.stringify({ cluster2: result }));
  }, 600_000);
});
