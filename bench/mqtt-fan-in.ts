// MQTT at the size of a real install (issue 32, item 3): N browser-like clients (default 1000) connect
// over websocket and subscribe to their workspace's topics one SUBSCRIBE each, as apps/web's live client
// does (liveTopicsFor: 12 filters for a workspace member), then API changes reach all of them.
// In the same run, the same clients against a bare aedes broker (no authentication, no ACL), before and
// after the product (their mean), give the baseline. Goals: connecting (CONNECT + every SUBACK) within 1.5x of bare aedes, and an API change's
// p99 to every client within 1.2x of a bare publish; every message delivered. Exits 1 when missed.
// The product side is the whole server (in-memory PGlite): every client is its own user with its own
// login session and a read membership in the workspace; the change is PUT /v1/sources/:id.
// Writes bench/results/mqtt-fan-in.json and a line to bench/results/SUMMARY.md.
// Usage: npx tsx bench/mqtt-fan-in.ts   (BENCH_CLIENTS=<n>; BENCH_PROFILE=1 connects to the product only)
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Aedes } from 'aedes';
import Fastify from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { users } from '../apps/server/src/db/schema/identity';
import { memberships } from '../apps/server/src/db/schema/tenancy';
import { liveTopicsFor } from '../apps/web/src/live/live-topics';
import { seededStromwerk } from './lib/api-fixture';
import { apiPath, benchRoutes } from './lib/api-path';
import { LoadWindow } from './lib/load';
import { writeResult } from './lib/results';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const WORKERS = 2;
const MESSAGES = 30;
const INTERVAL_MS = 200;
const GOALS = { connectRatio: 1.5, p99Ratio: 1.2 };
const workerFile = join(import.meta.dirname, 'lib/fan-in-subscribers.mjs');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nowNs = () => Number(process.hrtime.bigint());
const percentile = (sorted: number[], p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? Number.NaN;
const round = (n: number) => Math.round(n * 10) / 10;

interface Spec {
  username: string;
  password: string;
  topics: string[];
}

/** Connects every client (in worker threads), sends MESSAGES changes, and measures both. */
async function measure(url: string, specs: Spec[], send: (seq: number) => Promise<void>) {
  const started = performance.now();
  const share = Math.ceil(specs.length / WORKERS);
  const workers = Array.from({ length: WORKERS }, (_, index) => {
    const worker = new Worker(workerFile, {
      workerData: { url, index, clients: specs.slice(index * share, (index + 1) * share) },
    });
    const next = (type: string) =>
      new Promise<{ arrivals?: [number, number][] }>((res, rej) => {
        const on = (m: { type: string; message?: string; arrivals?: [number, number][] }) => {
          if (m.type === 'error') rej(new Error(`subscribers ${index}: ${m.message}`));
          if (m.type === type) {
            worker.off('message', on);
            res(m);
          }
        };
        worker.on('message', on);
      });
    return { worker, next, ready: next('ready') };
  });
  await Promise.all(workers.map((w) => w.ready));
  const connectMs = Math.round(performance.now() - started);

  await send(-1); // warm-up
  await sleep(1000);
  const sent: number[] = [];
  for (let seq = 0; seq < MESSAGES; seq += 1) {
    sent[seq] = nowNs();
    await send(seq);
    await sleep(INTERVAL_MS);
  }
  await sleep(5000); // what has not arrived by now counts as lost
  const reports = await Promise.all(
    workers.map((w) => {
      const report = w.next('arrivals');
      w.worker.postMessage('report');
      return report;
    }),
  );
  await Promise.all(
    workers.map(async (w) => {
      const closed = w.next('closed');
      w.worker.postMessage('close');
      await Promise.race([closed, sleep(5000)]);
      await w.worker.terminate();
    }),
  );
  const latencies = reports
    .flatMap((r) => r.arrivals ?? [])
    .filter(([seq]) => seq >= 0)
    .map(([seq, at]) => (at - sent[seq]!) / 1e6)
    .sort((a, b) => a - b);
  return {
    connectMs,
    delivered: latencies.length,
    expected: specs.length * MESSAGES,
    p50Ms: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
  };
}

/**
 * The baseline: aedes as it comes, over the same websocket mounting, with no hooks at all, publishing
 * the message the product publishes for the change (same topic, same payload size).
 */
async function bare(specs: Spec[], topic: string, source: Record<string, unknown>) {
  const app = Fastify({ logger: false });
  const aedes = await Aedes.createBroker();
  const wss = new WebSocketServer({ noServer: true });
  app.server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => aedes.handle(createWebSocketStream(ws) as never, req)),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  try {
    return await measure(`ws://127.0.0.1:${port}/mqtt`, specs, (seq) => {
      const data = { ...source, name: `fan-${seq}` };
      const message = { type: 'updated', entity: 'source', id: source.id, data };
      const payload = Buffer.from(JSON.stringify(message));
      return new Promise<void>((res) =>
        aedes.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => res()),
      );
    });
  } finally {
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((r) => aedes.close(() => r()));
    await app.close();
  }
}

async function main() {
  const load = new LoadWindow();
  const { app, database, fixture, close } = await seededStromwerk();
  const db = database.db;
  const { corporationId, ws200: workspaceId, sourceId, ownerToken } = fixture;
  const specs: Spec[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(100, CLIENTS - i) }, (_, k) => ({
          email: `fan${i + k}@example.test`,
          name: `Fan ${i + k}`,
          passwordHash: 'not-a-hash',
          emailVerified: true,
        })),
      )
      .returning();
    await db
      .insert(memberships)
      .values(rows.map((u) => ({ userId: u.id, corporationId, workspaceId, permissions: ['read'] })));
    for (const user of rows) {
      const { token } = await app.services.sessions.issue(user, {});
      const topics = liveTopicsFor({
        userId: user.id,
        corporations: [{ id: corporationId, wide: false }],
        workspace: { id: workspaceId, corporationId },
      });
      specs.push({ username: user.id, password: token, topics });
    }
  }
  const topic = `corporation/${corporationId}/workspace/${workspaceId}/source/${sourceId}`;

  // BENCH_PROFILE=1: the product side only (to run under node --cpu-prof); no goals, no result written.
  if (process.env.BENCH_PROFILE) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const noop = async () => {};
    console.log('stromwerk', await measure(`ws://127.0.0.1:${port}/mqtt`, specs, noop));
    await close();
    process.exit(0);
  }
  const source = (
    await app.inject({
      method: 'GET',
      url: apiPath(benchRoutes.source, { id: sourceId }),
      headers: { authorization: `Bearer ${ownerToken}` },
    })
  ).json();
  // Bare, product, bare: the baseline is the mean of the runs either side, so a load that changes
  // during the run weighs on both sides alike.
  const bareFirst = await bare(specs, topic, source);
  console.log('bare aedes', bareFirst);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const product = await measure(`ws://127.0.0.1:${port}/mqtt`, specs, async (seq) => {
    const res = await app.inject({
      method: 'PUT',
      url: apiPath(benchRoutes.sourceUpdate, { id: sourceId }),
      headers: { authorization: `Bearer ${ownerToken}` },
      payload: { name: `fan-${seq}` },
    });
    if (res.statusCode !== 200) throw new Error(`source update: ${res.statusCode} ${res.body}`);
  });
  console.log('stromwerk', product);
  await close();
  const bareAfter = await bare(specs, topic, source);
  console.log('bare aedes', bareAfter);
  const mean = (k: 'connectMs' | 'p99Ms') => round((bareFirst[k] + bareAfter[k]) / 2);
  const baseline = {
    connectMs: mean('connectMs'),
    p99Ms: mean('p99Ms'),
    delivered: bareFirst.delivered + bareAfter.delivered,
    expected: bareFirst.expected + bareAfter.expected,
    runs: [bareFirst, bareAfter],
  };

  const loadSeen = load.end();
  const connectRatio = product.connectMs / baseline.connectMs;
  const p99Ratio = product.p99Ms / baseline.p99Ms;
  const pass = {
    connect: connectRatio <= GOALS.connectRatio,
    p99: p99Ratio <= GOALS.p99Ratio,
    delivered: product.delivered === product.expected && baseline.delivered === baseline.expected,
  };
  const ok = pass.connect && pass.p99 && pass.delivered;
  writeResult(
    'mqtt-fan-in',
    {
      setup: `${CLIENTS} websocket clients in ${WORKERS} worker threads, ${specs[0]!.topics.length} SUBSCRIBEs each, ${MESSAGES} API changes at ${1000 / INTERVAL_MS}/s`,
      load: loadSeen,
      goals: GOALS,
      pass,
      bareAedes: baseline,
      stromwerk: product,
      ratios: { connect: Math.round(connectRatio * 100) / 100, p99: Math.round(p99Ratio * 100) / 100 },
    },
    `${CLIENTS} clients x ${specs[0]!.topics.length} subscriptions: connect ${product.connectMs} ms vs bare aedes ` +
      `${baseline.connectMs} ms (${connectRatio.toFixed(2)}x, goal <= ${GOALS.connectRatio}: ${pass.connect ? 'pass' : 'FAIL'}); ` +
      `API change p99 ${product.p99Ms} ms vs bare publish ${baseline.p99Ms} ms (${p99Ratio.toFixed(2)}x, goal <= ` +
      `${GOALS.p99Ratio}: ${pass.p99 ? 'pass' : 'FAIL'}); delivered ${product.delivered}/${product.expected} ` +
      `(bare ${baseline.delivered}/${baseline.expected}); load ${loadSeen.start}-${loadSeen.max} on 2 cores`,
  );
  process.exit(ok ? 0 : 1);
}

await main();
