import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  type ClusterDatabase,
  type ClusterNode,
  call,
  leaseHolder,
  mediaCommandsOf,
  refusedStart,
  startNode,
  stopNode,
} from '../helpers/cluster';
import { ffmpeg, freePort, publishTestStream, waitFor } from '../helpers/media';
import { clusterRealtimeChecks, clusterWhipChecks } from './cluster-realtime';

// The second half of the cluster test (issue 19): faults 1, 5, 6, 7, 8 and a rolling restart, on the
// processes cluster-live.test.ts left running. Kept apart so each file stays readable.

interface Ctx {
  db: ClusterDatabase;
  cluster: Record<string, string>;
  /** Every node ever started (the test's afterAll stops and removes them). */
  nodes: ClusterNode[];
  alive: ClusterNode[];
  token: string;
  workspaceId: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const begun = Date.now();
/** Progress in the test's output: where the time of a slow run went. */
const step = (what: string) => console.log(`[cluster ${((Date.now() - begun) / 1000).toFixed(1)} s] ${what}`);
const running = (n: ClusterNode) => n.child.exitCode === null && n.child.signalCode === null;
const origin = (n: ClusterNode) => n.base.replace(/\/v1$/, '');
const segmentsOf = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

async function openSession(node: ClusterNode, outputId: string) {
  const res = await fetch(`${node.base}/play/${outputId}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as { hlsUrl?: string; code?: string } };
}

/**
 * A viewer behind a round-robin proxy: every 500 ms it asks the next running process for the playlist
 * and fetches the newest segment from the process after that. Counts segments that did not load
 * (inconsistent pairs) and the longest time without a new segment.
 */
function roundRobinViewer(hlsUrl: string, pool: () => ClusterNode[]) {
  const state = { segments: 0, missing: 0, maxGapMs: 0, gaps: [] as number[], stopped: false };
  let turn = 0;
  let newest = '';
  let lastNewAt = Date.now();
  const loop = async () => {
    while (!state.stopped) {
      const nodes = pool().filter(running);
      const [first, second] = [nodes[turn % nodes.length]!, nodes[(turn + 1) % nodes.length]!];
      turn++;
      try {
        const playlistUrl = `${origin(first)}${hlsUrl}`;
        const res = await fetch(playlistUrl);
        if (res.ok) {
          const last = segmentsOf(await res.text()).at(-1);
          if (last && last !== newest) {
            const segment = await fetch(new URL(last, `${origin(second)}${hlsUrl}`));
            const bytes = segment.ok ? (await segment.arrayBuffer()).byteLength : 0;
            if (bytes > 0) {
              newest = last;
              state.segments++;
              state.gaps.push(Date.now() - lastNewAt);
              state.maxGapMs = Math.max(state.maxGapMs, Date.now() - lastNewAt);
              lastNewAt = Date.now();
            } else state.missing++;
          }
        }
      } catch {
        // a process going down: a proxy's health check would skip it too
      }
      await sleep(500);
    }
  };
  const done = loop();
  return {
    state,
    async stop() {
      state.stopped = true;
      await done;
    },
  };
}

export async function clusterPlayerChecks(ctx: Ctx) {
  const { db, cluster, token, workspaceId } = ctx;
  const q = async <T>(text: string, values: unknown[] = []) => db.query<T>(text, values);
  const holderOf = (kind: string, id: string) => leaseHolder(db, kind, id);
  const inputOf = async (id: string) =>
    (await q<{ input: string }>('SELECT input FROM outputs WHERE id = $1', [id]))[0]?.input;
  const playlistOf = (id: string) => {
    try {
      return readFileSync(join(cluster.SHARED_DIR!, 'hls', id, 'index.m3u8'), 'utf8');
    } catch {
      return '';
    }
  };

  step('refusals and a third process');
  // The two refused starts and the third process's start are independent: run together, they cost one
  // process start instead of three (4-5 s of the test's time here).
  // Fault 6: a TCP-only broker without a browser address is refused with one line; health names the path.
  // Fault 7: a process that would keep players' HLS and media to itself is refused while others run.
  const [tcp, local, fresh] = await Promise.all([
    refusedStart('tcp', db.url, { ...cluster, MQTT_PUBLIC_URL: '' }),
    refusedStart('local', db.url, { ...cluster, SHARED_DIR: '' }),
    startNode('d', db.url, cluster),
  ]);
  ctx.nodes.push(fresh);
  expect(tcp.code).toBe(1);
  expect(tcp.lines).toEqual([expect.stringContaining('MQTT_URL=mqtt://127.0.0.1:1883 is TCP only')]);
  expect(local.code).toBe(1);
  expect(local.lines).toEqual([expect.stringMatching(/other server process.*SHARED_DIR is not set/)]);
  const health = (await (await fetch(`${ctx.alive[0]!.base}/health`)).json()) as {
    parts: { broker: { browserUrl?: string } };
  };
  expect(health.parts.broker.browserUrl).toBe(cluster.MQTT_PUBLIC_URL);

  // Three processes again.
  const pool = [...ctx.alive, fresh];
  expect(pool).toHaveLength(3);

  step('stage player');
  // Fault 1: the encoder reaches the second process; the player's one writer runs there, and every
  // process serves its playlist and segments.
  const stage = await call<{ id: string }>(
    pool[0]!,
    'POST',
    '/sources',
    { workspaceId, name: 'Stage', type: 'rtmp' },
    token,
  );
  const { streamKey } = await call<{ streamKey: string }>(
    pool[1]!,
    'GET',
    `/sources/${stage.id}/stream-key`,
    undefined,
    token,
  );
  const player = await call<{ id: string }>(
    pool[2]!,
    'POST',
    '/outputs',
    { workspaceId, name: 'Stage player', mainSourceId: stage.id, viewerLimitEnabled: true, viewerLimit: 2 },
    token,
  );
  // A real-time player of the same stage (issue 35): its viewers are checked below, behind round-robin.
  const realtime = await call<{ id: string }>(
    pool[0]!,
    'POST',
    '/outputs',
    { workspaceId, name: 'Stage in real time', mainSourceId: stage.id, latency: 'realtime' },
    token,
  );
  const encoder = publishTestStream(`rtmp://127.0.0.1:${pool[1]!.rtmpPort}/live/${streamKey}`, {
    seconds: 90,
  });
  await waitFor(
    'the stage program',
    async () => (await inputOf(player.id)) === 'main' && segmentsOf(playlistOf(player.id)).length >= 2,
    40_000,
  );
  expect(await holderOf('output', player.id)).toContain(`/${pool[1]!.child.pid}/`);
  const writers = pool.flatMap(mediaCommandsOf).filter((c) => c.includes(`hls/${player.id}`));
  expect(writers).toHaveLength(1);

  step('viewer limit');
  // Fault 8: a viewer limit of 2 admits 2 viewers across 3 processes, asked at the same moment.
  const sessions = await Promise.all(pool.map((n) => openSession(n, player.id)));
  expect(sessions.filter((s) => s.status === 200)).toHaveLength(2);
  expect(sessions.filter((s) => s.status !== 200).map((s) => [s.status, s.body.code])).toEqual([
    [403, 'VIEWER_LIMIT_REACHED'],
  ]);

  step('round-robin pairs');
  // Behind round-robin, 9 of 9 playlist/segment pairs load (the segment from another process).
  const hlsUrl = sessions.find((s) => s.status === 200)!.body.hlsUrl!;
  let consistent = 0;
  for (let i = 0; i < 9; i++) {
    const playlistUrl = `${origin(pool[i % 3]!)}${hlsUrl}`;
    const last = segmentsOf(await (await fetch(playlistUrl)).text()).at(-1)!;
    const segment = await fetch(new URL(last, `${origin(pool[(i + 1) % 3]!)}${hlsUrl}`));
    if (segment.ok && (await segment.arrayBuffer()).byteLength > 0) consistent++;
    await sleep(400);
  }
  expect(consistent).toBe(9);

  step('real-time viewer at another process');
  await clusterRealtimeChecks({ db, pool, playerId: realtime.id, step });
  step('WHIP publisher reconnecting at another process');
  await clusterWhipChecks({ db, pool, token, workspaceId, step });
  encoder.kill('SIGKILL');

  step('demo, target, SRT');
  // Fault 5: a demo source with a target, and an SRT source: one demo encoder, one push, one SRT
  // listener, one "went live" notification, whatever the number of processes.
  const receiverPort = await freePort();
  ffmpeg([
    '-listen',
    '1',
    '-i',
    `rtmp://127.0.0.1:${receiverPort}/app/demo`,
    '-c',
    'copy',
    '-f',
    'null',
    '-',
  ]);
  const demo = await call<{ id: string }>(
    pool[2]!,
    'POST',
    '/sources',
    { workspaceId, name: 'Demo', type: 'demo' },
    token,
  );
  const target = await call<{ id: string }>(
    pool[0]!,
    'POST',
    '/targets',
    {
      workspaceId,
      name: 'Demo receiver',
      sourceId: demo.id,
      settings: { type: 'rtmp', url: `rtmp://127.0.0.1:${receiverPort}/app`, streamKey: 'demo' },
    },
    token,
  );
  await call(pool[1]!, 'POST', '/sources', { workspaceId, name: 'Field', type: 'srt' }, token);
  await waitFor(
    'the demo live and its target online',
    async () => {
      const [t] = await q<{ state: string; last_error: string | null }>(
        'SELECT state, last_error FROM targets WHERE id = $1',
        [target.id],
      );
      if (t?.state === 'online') return true;
      // What the failure message shows: the states and who holds what.
      const [d] = await q<{ live: boolean }>('SELECT live FROM sources WHERE id = $1', [demo.id]);
      const holders = await q<{ kind: string; holder: string }>(
        'SELECT kind, holder FROM live_leases WHERE thing_id = ANY($1)',
        [[demo.id, target.id]],
      );
      throw new Error(
        `demo live ${d?.live}, target ${t?.state} (${t?.last_error}), leases ${JSON.stringify(holders)}`,
      );
    },
    40_000,
  );
  await sleep(6000); // every process has reconciled its publishers at least once since
  const commands = pool.flatMap(mediaCommandsOf);
  const [{ stream_key: demoKey }] = (await q<{ stream_key: string }>(
    'SELECT stream_key FROM sources WHERE id = $1',
    [demo.id],
  )) as [{ stream_key: string }];
  // No key on a command line (issue 30 item 4): the demo publisher is known by its label.
  expect(commands.filter((c) => c.includes(demoKey))).toEqual([]);
  expect(commands.filter((c) => c.includes('testsrc2') && c.includes("text='Demo'"))).toHaveLength(1);
  expect(commands.filter((c) => c.includes(`${receiverPort}/app`))).toHaveLength(1);
  // The SRT listener reads its address and passphrase from a script on a pipe.
  expect(commands.filter((c) => c.includes('-f concat') && c.includes('pipe:4'))).toHaveLength(1);
  const wentLive = await q<{ n: number }>(
    "SELECT count(*)::int AS n FROM notifications WHERE kind = 'stream-live' AND entity_id = $1",
    [demo.id],
  );
  expect(wentLive[0]!.n).toBe(1);

  step('rolling restart');
  // A rolling restart: every process stopped and started again, one by one, while the demo plays on a
  // player and a viewer behind round-robin watches it.
  const show = await call<{ id: string }>(
    pool[0]!,
    'POST',
    '/outputs',
    { workspaceId, name: 'Demo player', mainSourceId: demo.id },
    token,
  );
  await waitFor('the demo program', async () => segmentsOf(playlistOf(show.id)).length >= 2, 40_000);
  const viewer = await openSession(pool[1]!, show.id);
  const watch = roundRobinViewer(viewer.body.hlsUrl!, () => pool);
  await waitFor('the viewer plays', async () => watch.state.segments >= 4, 30_000);
  // The baseline of the same run: how often a new segment appears while nothing restarts.
  const steady = watch.state.gaps.slice(1).sort((x, y) => x - y);
  const steadyMs = steady[Math.floor(steady.length / 2)]!;
  const restarts: number[] = [];
  const stops: number[] = [];
  for (let i = 0; i < pool.length; i++) {
    const old = pool[i]!;
    const at = Date.now();
    await stopNode(old, 'SIGTERM');
    stops.push(Date.now() - at);
    const again = await startNode(`${old.name}r`, db.url, cluster);
    ctx.nodes.push(again);
    pool[i] = again;
    restarts.push(Date.now() - at);
    step(`restarted ${old.name} in ${Date.now() - at} ms`);
    const seen = watch.state.segments;
    await waitFor('new segments after the restart', async () => watch.state.segments >= seen + 2, 45_000);
  }
  await watch.stop();
  expect(watch.state.missing).toBe(0);
  // One writer per player after all of it.
  const after = pool.flatMap(mediaCommandsOf).filter((c) => c.includes(`hls/${show.id}`));
  expect(after).toHaveLength(1);

  step('login limit');
  // Fault 8, logins: one client's failures at one account count across all processes, not per process:
  // three free, the fourth earns a wait that every process then enforces (login-guard.ts).
  const answers: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${pool[i % 3]!.base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'guesser@example.test', password: `wrong-password-${i}` }),
    });
    answers.push(res.status);
  }
  expect(answers.slice(0, 4)).toEqual([401, 401, 401, 401]);
  expect(answers.slice(4)).toEqual(Array(8).fill(429));

  return {
    consistentPairs: `${consistent}/9`,
    rollingRestart: {
      segments: watch.state.segments,
      maxGapMs: watch.state.maxGapMs,
      steadyGapMs: steadyMs,
      ratio: Number((watch.state.maxGapMs / steadyMs).toFixed(1)),
      restartMs: restarts,
      stopMs: stops,
    },
  };
}
