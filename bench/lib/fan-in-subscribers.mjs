// Worker thread of bench/mqtt-fan-in.ts: browser-like MQTT clients over websocket, each with its own
// credentials, subscribing to its topic filters one SUBSCRIBE at a time as apps/web's live client does.
// Reports when each message (named by `data.name` = `fan-<seq>`) arrived, on process.hrtime, which every
// thread of the process shares.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

const { url, clients: specs } = workerData;
const arrivals = []; // [seq, hrtime ns as number]

function subscriber(spec, i) {
  const client = mqtt.connect(url, {
    clientId: `${workerData.index}-${i}-${Math.random().toString(16).slice(2, 10)}`.slice(0, 23),
    username: spec.username,
    password: spec.password,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 120_000,
    keepalive: 60,
  });
  client.on('message', (_topic, payload) => {
    const now = Number(process.hrtime.bigint());
    const name = JSON.parse(payload.toString()).data?.name;
    if (typeof name === 'string' && name.startsWith('fan-')) arrivals.push([Number(name.slice(4)), now]);
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => {
      const acks = spec.topics.map(
        (topic) =>
          new Promise((res, rej) =>
            client.subscribe(topic, { qos: 0 }, (err, granted) => {
              if (err) return rej(err);
              if (granted?.[0]?.qos === 128) return rej(new Error(`refused: ${topic}`));
              res();
            }),
          ),
      );
      Promise.all(acks).then(() => resolve(client), reject);
    });
    client.once('error', reject);
  });
}

// Small batches, as browsers arrive: a thousand simultaneous handshakes measure the machine, not the broker.
const BATCH = 25;
const clients = [];
try {
  for (let i = 0; i < specs.length; i += BATCH) {
    const batch = specs.slice(i, i + BATCH).map((spec, k) => subscriber(spec, i + k));
    clients.push(...(await Promise.all(batch)));
  }
} catch (error) {
  parentPort.postMessage({ type: 'error', message: String(error?.message ?? error) });
  process.exit(1);
}
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (msg) => {
  if (msg === 'report') parentPort.postMessage({ type: 'arrivals', arrivals });
  if (msg === 'close') {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    parentPort.postMessage({ type: 'closed' });
  }
});
