// Worker thread of bench/notifications-latency.ts: holds a share of the subscribers, so decoding 1000
// clients' messages does not run on the broker's (or the publisher's) event loop. Latency is measured with
// process.hrtime, a monotonic clock every thread of the process shares.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

const { url, topic, count, username, password, expected } = workerData;
const latencies = [];
let received = 0;

function subscriber(i) {
  const client = mqtt.connect(url, {
    clientId: `bench-${workerData.index}-${i}-${Math.random().toString(16).slice(2, 8)}`,
    username,
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 30_000,
    keepalive: 60,
  });
  client.on('message', (_topic, payload) => {
    const now = process.hrtime.bigint();
    const { data } = JSON.parse(payload.toString());
    if (data.warmup) return;
    latencies.push(Number(now - BigInt(data.sentNs)) / 1e6);
    received += 1;
    if (received === expected) parentPort.postMessage({ type: 'done', latencies });
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () =>
      client.subscribe(topic, { qos: 0 }, (err) => (err ? reject(err) : resolve(client))),
    );
    client.once('error', reject);
  });
}

// Connect in small batches: a thousand simultaneous handshakes measure the machine, not the broker.
const BATCH = 50;
const clients = [];
try {
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => subscriber(i + k));
    clients.push(...(await Promise.all(batch)));
  }
} catch (error) {
  parentPort.postMessage({ type: 'error', message: String(error?.message ?? error) });
  process.exit(1);
}
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (msg) => {
  if (msg === 'report') parentPort.postMessage({ type: 'done', latencies });
  if (msg === 'close') {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    parentPort.postMessage({ type: 'closed' });
  }
});
