// The chaos suite's world (issue 29, item 8), shared by apps/server/test/media/chaos.test.ts and
// bench/live-chaos.ts: three server processes on one fresh PostgreSQL database with a shared volume and
// broker, a round-robin balancer in front of their RTMP ports (as a region's ingest address), an encoder
// that reconnects like OBS, a target receiver that takes the push again after it dropped, and a player
// whose playlist a viewer watches from the shared volume.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishReconnecting, tcpBalancer } from '../../../../scripts/lib/test-chaos.mjs';
import { ffmpeg, freePort, waitFor } from '../../../../scripts/lib/test-support.mjs';
import {
  CLUSTER_ADMIN,
  type ClusterDatabase,
  type ClusterNode,
  call,
  clusterSettings,
  freshDatabase,
  removeNode,
  startNode,
  stopNode,
} from './cluster';

export interface ChaosWorld {
  db: ClusterDatabase;
  sharedDir: string;
  env: Record<string, string>;
  nodes: ClusterNode[];
  token: string;
  workspaceId: string;
  source: { id: string; key: string };
  outputId: string;
  targetId: string;
  encoder: ReturnType<typeof publishReconnecting>;
  balancer: Awaited<ReturnType<typeof tcpBalancer>>;
  receiver: LoopingReceiver;
  viewer: PlaylistWatcher;
}

/** Waits until a node says it can do its work (GET /v1/health/ready). */
export async function ready(node: ClusterNode, timeoutMs = 60_000) {
  await waitFor(
    `${node.name} ready`,
    async (note) => {
      const res = await fetch(`${node.base}/health/ready`);
      note(await res.json());
      return res.status === 200;
    },
    timeoutMs,
    100,
  );
}

/** The node whose process holds a lease (its holder names host/pid/...). */
export function nodeOfHolder(nodes: ClusterNode[], holder: string | undefined) {
  return nodes.find((n) => holder?.split('/')[1] === String(n.child.pid));
}

export async function leaseHolder(db: ClusterDatabase, kind: string, id: string) {
  const rows = await db.query<{ holder: string }>(
    `SELECT l.holder FROM live_leases l WHERE l.kind = $1 AND l.thing_id = $2
       AND l.lock_key IN (SELECT ((classid::int8 << 32) | objid::int8) FROM pg_locks
         WHERE locktype = 'advisory' AND granted)`,
    [kind, id],
  );
  return rows[0]?.holder;
}

/**
 * A receiver of a target's push that, unlike one `ffmpeg -listen 1`, takes the push again after it
 * dropped (a new listener a moment after the old one ended). `frames` is when each progress report with
 * more frames came; `pushes` when each push (one listener's connection) brought its first frames.
 */
export interface LoopingReceiver {
  port: number;
  frames: number[];
  pushes: number[];
  stop(): void;
}

export async function loopingReceiver(): Promise<LoopingReceiver> {
  const port = await freePort();
  const frames: number[] = [];
  const pushes: number[] = [];
  let stopped = false;
  let child: ReturnType<typeof ffmpeg> | undefined;
  const listen = () => {
    if (stopped) return;
    let last = 0;
    child = ffmpeg(
      [
        ...['-progress', 'pipe:1', '-stats_period', '0.25'],
        ...['-listen', '1', '-i', `rtmp://127.0.0.1:${port}/app/out`, '-c', 'copy', '-f', 'null', '-'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      for (const m of chunk.toString().matchAll(/^frame=(\d+)/gm)) {
        const n = Number(m[1]);
        if (n > 0 && last === 0) pushes.push(Date.now());
        if (n > last) frames.push(Date.now());
        last = n;
      }
    });
    child.once('exit', () => setTimeout(listen, 100));
  };
  listen();
  return {
    port,
    frames,
    pushes,
    stop() {
      stopped = true;
      child?.kill('SIGKILL');
    },
  };
}

/**
 * A viewer's view of the player: its playlist read from the shared volume every 100 ms (what every
 * process serves), noting each time its media list grew.
 */
export interface PlaylistWatcher {
  changes: number[];
  stop(): void;
}

export function watchPlaylist(file: string): PlaylistWatcher {
  const changes: number[] = [];
  let last = '';
  const timer = setInterval(() => {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    const media = text
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .concat(text.match(/#EXT-X-PART:[^\n]*URI="[^"]+"/g) ?? [])
      .at(-1);
    if (media && media !== last) {
      last = media;
      changes.push(Date.now());
    }
  }, 100);
  return { changes, stop: () => clearInterval(timer) };
}

/**
 * The longest time without an event in `times` across a window: from the last event before `from` to
 * the first event after `to` (a viewer's longest wait for new media around a kill).
 */
export function longestGap(times: number[], from: number, to: number): number {
  const inside = times.filter((t) => t > from && t <= to);
  const edges = [times.filter((t) => t <= from).at(-1) ?? from, ...inside, times.find((t) => t > to) ?? to];
  let longest = 0;
  for (let i = 1; i < edges.length; i++) longest = Math.max(longest, edges[i]! - edges[i - 1]!);
  return longest;
}

/** The three processes, the balancer and the stream, with a player, a target and recording on. */
export async function chaosWorld(
  adminUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<ChaosWorld> {
  const db = await freshDatabase(adminUrl);
  const sharedDir = mkdtempSync(join(tmpdir(), 'sw-chaos-shared-'));
  const env = { ...clusterSettings(sharedDir), ...extraEnv };
  const nodes = await Promise.all(['a', 'b', 'c'].map((n) => startNode(n, db.url, env)));
  await Promise.all(nodes.map((n) => ready(n)));
  const [a] = nodes as [ClusterNode];
  const { token } = await call<{ token: string }>(a, 'POST', '/login', CLUSTER_ADMIN);
  const workspaceId = (await call<{ items: { id: string }[] }>(a, 'GET', '/workspaces', undefined, token))
    .items[0]!.id;
  const created = await call<{ id: string }>(
    a,
    'POST',
    '/sources',
    { workspaceId, name: 'Chaos cam', type: 'rtmp', recording: true },
    token,
  );
  const { streamKey } = await call<{ streamKey: string }>(
    a,
    'GET',
    `/sources/${created.id}/stream-key`,
    undefined,
    token,
  );
  const receiver = await loopingReceiver();
  const target = await call<{ id: string }>(
    a,
    'POST',
    '/targets',
    {
      workspaceId,
      name: 'Receiver',
      sourceId: created.id,
      settings: { type: 'rtmp', url: `rtmp://127.0.0.1:${receiver.port}/app`, streamKey: 'out' },
    },
    token,
  );
  const output = await call<{ id: string }>(
    a,
    'POST',
    '/outputs',
    { workspaceId, name: 'Chaos player', mainSourceId: created.id, latency: 'low' },
    token,
  );
  const balancer = await tcpBalancer(nodes.map((n) => ({ host: '127.0.0.1', port: n.rtmpPort })));
  // OBS's habit: a second after its connection died it connects again through the same address; a
  // server that stops answering is left after 12 s (longer than the stall a process must survive).
  const encoder = publishReconnecting(`rtmp://127.0.0.1:${balancer.port}/live/${streamKey}`, {
    size: '640x360',
    rate: 25,
    retryMs: 1000,
    stallMs: 12_000,
  });
  const viewer = watchPlaylist(join(sharedDir, 'hls', output.id, 'index.m3u8'));
  return {
    db,
    sharedDir,
    env,
    nodes,
    token,
    workspaceId,
    source: { id: created.id, key: streamKey },
    outputId: output.id,
    targetId: target.id,
    encoder,
    balancer,
    receiver,
    viewer,
  };
}

/** Replaces a killed node with a new process of the same name (its own DATA_DIR), ready to serve. */
export async function replaceNode(w: ChaosWorld, dead: ClusterNode) {
  await stopNode(dead, 'SIGKILL');
  removeNode(dead);
  // The same RTMP port: the balancer in front knows the region's processes by address.
  const fresh = await startNode(dead.name, w.db.url, { ...w.env, RTMP_PORT: String(dead.rtmpPort) });
  await ready(fresh);
  w.nodes[w.nodes.indexOf(dead)] = fresh;
  return fresh;
}

/** What a failed wait should say about the stream: its leases and the target's state. */
export async function streamState(w: ChaosWorld) {
  const leases = await w.db.query<{ kind: string; holder: string; token: string }>(
    'SELECT kind, holder, token::text AS token FROM live_leases WHERE thing_id = ANY($1::uuid[])',
    [[w.source.id, w.targetId, w.outputId]],
  );
  const [target] = await w.db.query<{ state: string; last_error: string | null }>(
    'SELECT state, last_error FROM targets WHERE id = $1',
    [w.targetId],
  );
  const [output] = await w.db.query<{ input: string }>('SELECT input FROM outputs WHERE id = $1', [
    w.outputId,
  ]);
  return {
    leases: leases.map((l) => `${l.kind}:${nodeOfHolder(w.nodes, l.holder)?.name ?? l.holder}#${l.token}`),
    target,
    input: output?.input,
  };
}

export async function sourceLive(w: ChaosWorld) {
  const [row] = await w.db.query<{ live: boolean }>('SELECT live FROM sources WHERE id = $1', [w.source.id]);
  return row?.live === true;
}
