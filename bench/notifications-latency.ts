// Publish -> receive latency of live notifications with 1000 subscribers on one topic, for both broker
// engines side by side: the embedded aedes broker over websocket (what browsers use) and Mosquitto (the
// external engine, MQTT_URL). Both are driven through the server's own engine code (plugins/broker.ts), so
// the publish path is exactly the server's. Subscribers live in worker threads; every message carries its
// send time from process.hrtime, which all threads share. Bounded to < 3 minutes.
// Writes bench/results/notifications-latency.json and a line to bench/results/SUMMARY.md.
// Usage: npx tsx bench/notifications-latency.ts   (BENCH_MQTT_URL overrides mqtt://127.0.0.1:1883)

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  type BrokerEngine,
  connectExternalBroker,
  mountEmbeddedBroker,
} from '../apps/server/src/plugins/broker';
import { freePort } from '../scripts/lib/test-support.mjs';

const SUBSCRIBERS = 1000;
// Subscriber threads: as many as there are cores (2..4), so clients and broker contend as little as possible.
const WORKERS = Math.max(2, Math.min(4, availableParallelism()));
const WARMUP = 10;
const MESSAGES = 100;
const INTERVAL_MS = 100; // 10 notifications/s, each fanned out to every subscriber
const DEADLINE_MS = 175_000;
const MOSQUITTO_URL = process.env.BENCH_MQTT_URL ?? process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'bench/results');
const workerFile = join(root, 'bench/lib/latency-subscribers.mjs');
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const deadline = setTimeout(() => {
  console.error(`notifications-latency: gave up after ${DEADLINE_MS / 1000} s`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

interface Result {
  engine: string;
  transport: string;
  subscribers: number;
  messages: number;
  delivered: number;
  expected: number;
  connectMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? Number.NaN;
const round = (n: number) => Math.round(n * 100) / 100;

function startWorkers(url: string, topic: string, auth: { username?: string; password?: string }) {
  const share = SUBSCRIBERS / WORKERS;
  return Array.from({ length: WORKERS }, (_, index) => {
    const worker = new Worker(workerFile, {
      workerData: { url, topic, count: share, index, ...auth, expected: share * MESSAGES },
    });
    const ready = new Promise<void>((res, rej) => {
      worker.on('message', (m) => {
        if (m.type === 'ready') res();
        if (m.type === 'error') rej(new Error(`subscriber ${index}: ${m.message}`));
      });
      worker.once('error', rej);
    });
    const done = new Promise<number[]>((res) =>
      worker.on('message', (m) => m.type === 'done' && res(m.latencies)),
    );
    const closed = new Promise<void>((res) => worker.on('message', (m) => m.type === 'closed' && res()));
    return { worker, ready, done, closed };
  });
}

async function measure(
  engine: string,
  transport: string,
  broker: BrokerEngine,
  url: string,
  auth = {},
): Promise<Result> {
  const topic = `corporation/${randomUUID()}/workspace/${randomUUID()}`;
  const started = Date.now();
  const workers = startWorkers(url, topic, auth);
  await Promise.all(workers.map((w) => w.ready));
  const connectMs = Date.now() - started;

  const send = (data: object) =>
    broker.publish(topic, { type: 'updated', entity: 'workspace', id: 'bench', data });
  for (let i = 0; i < WARMUP; i += 1) {
    await send({ warmup: true });
    await sleep(INTERVAL_MS);
  }
  for (let seq = 0; seq < MESSAGES; seq += 1) {
    await send({ seq, sentNs: process.hrtime.bigint().toString() });
    await sleep(INTERVAL_MS);
  }
  // Whatever has not arrived 5 s after the last publish counts as lost.
  const timeout = sleep(5000).then(() => {
    for (const w of workers) w.worker.postMessage('report');
  });
  const lists = await Promise.all(workers.map((w) => w.done));
  void timeout;
  for (const w of workers) w.worker.postMessage('close');
  await Promise.all(workers.map((w) => Promise.race([w.closed, sleep(3000)])));
  await Promise.all(workers.map((w) => w.worker.terminate()));

  const all = lists.flat().sort((x, y) => x - y);
  return {
    engine,
    transport,
    subscribers: SUBSCRIBERS,
    messages: MESSAGES,
    delivered: all.length,
    expected: SUBSCRIBERS * MESSAGES,
    connectMs,
    p50Ms: round(percentile(all, 0.5)),
    p90Ms: round(percentile(all, 0.9)),
    p99Ms: round(percentile(all, 0.99)),
    maxMs: round(all.at(-1) ?? Number.NaN),
    meanMs: round(all.reduce((s, x) => s + x, 0) / all.length),
  };
}

async function embedded(): Promise<Result> {
  const app = Fastify({ logger: false });
  // Constant-time auth: the latency of a publish does not involve authentication, only fan-out.
  const broker = await mountEmbeddedBroker(app, {
    authenticate: async (username, password) =>
      password === 'bench' ? { userId: username, sessionId: 'bench', maySubscribe: async () => true } : null,
    maySubscribe: async () => true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  try {
    const url = `ws://127.0.0.1:${port}/mqtt`;
    return await measure('aedes 1.2 (embedded)', 'websocket', broker, url, {
      username: 'u',
      password: 'bench',
    });
  } finally {
    await broker.close();
    await app.close();
  }
}

async function mosquitto(): Promise<Result | { engine: string; skipped: string }> {
  const broker = await connectExternalBroker(MOSQUITTO_URL, silent);
  if (!broker.health().ok) {
    await broker.close();
    return { engine: 'mosquitto', skipped: `no broker at ${MOSQUITTO_URL}` };
  }
  try {
    // This machine's Mosquitto has no websocket listener: its subscribers use plain TCP.
    return await measure(
      `mosquitto (${MOSQUITTO_URL})`,
      'tcp (no websocket listener)',
      broker,
      MOSQUITTO_URL,
    );
  } finally {
    await broker.close();
  }
}

/**
 * Mosquitto over websocket, as browsers would reach it: the machine's service has no websocket listener,
 * so the bench starts the same Mosquitto binary with one (and a TCP listener for the server's publisher)
 * on free loopback ports, and stops it afterwards.
 */
async function mosquittoWebsocket(): Promise<Result | { engine: string; skipped: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mosquitto-'));
  const [tcp, ws] = [await freePort(), await freePort()];
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    `listener ${tcp} 127.0.0.1\nallow_anonymous true\nlistener ${ws} 127.0.0.1\nprotocol websockets\n`,
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  try {
    await sleep(500);
    if (child.exitCode !== null)
      return { engine: 'mosquitto (websocket)', skipped: 'mosquitto did not start' };
    const broker = await connectExternalBroker(`mqtt://127.0.0.1:${tcp}`, silent);
    try {
      return await measure('mosquitto 2 (own instance)', 'websocket', broker, `ws://127.0.0.1:${ws}`);
    } finally {
      await broker.close();
    }
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A failed engine is reported as such; the other one still runs. */
async function attempt(engine: string, run: () => Promise<Result | { engine: string; skipped: string }>) {
  try {
    return await run();
  } catch (error) {
    return { engine, skipped: `failed: ${(error as Error).message}` };
  }
}

const runs = [
  await attempt('aedes (embedded)', embedded),
  await attempt('mosquitto (websocket)', mosquittoWebsocket),
  await attempt('mosquitto', mosquitto),
];
const report = {
  name: 'notifications-latency',
  date: new Date().toISOString(),
  node: process.version,
  cores: availableParallelism(),
  setup: `${SUBSCRIBERS} subscribers on one topic in ${WORKERS} worker threads, ${MESSAGES} messages at ${1000 / INTERVAL_MS}/s after ${WARMUP} warm-up, QoS 0, publisher = server engine code`,
  runs,
};
mkdirSync(results, { recursive: true });
writeFileSync(join(results, 'notifications-latency.json'), `${JSON.stringify(report, null, 2)}\n`);
console.table(runs);
const part = (r: (typeof runs)[number]) =>
  'skipped' in r
    ? `${r.engine} skipped (${r.skipped})`
    : `${r.engine} over ${r.transport} p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (${r.delivered}/${r.expected} delivered)`;
const line = `- ${report.date.slice(0, 10)} notifications-latency: ${SUBSCRIBERS} subscribers, ${MESSAGES} msgs at ${1000 / INTERVAL_MS}/s; ${runs.map(part).join('; ')}\n`;
appendFileSync(join(results, 'SUMMARY.md'), line);
process.stdout.write(line);
process.exit(0);
