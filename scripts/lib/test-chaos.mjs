// Chaos helpers beside test-support.mjs (same reasons for plain .mjs): an encoder that reconnects like
// OBS, and a round-robin TCP balancer in front of several ingests. A chaos test kills, stops and restarts
// server processes behind them and reads what the encoder went through.
import { connect, createServer } from 'node:net';
import { publishTestStream, stop } from './test-support.mjs';

/**
 * A test encoder that, like OBS, starts again `retryMs` (1 s) after its connection died, until stopped;
 * with a list of URLs each new attempt goes to the next one (round robin). `connections` records every
 * attempt: its URL, when it started, when ffmpeg first reported progress (the output was open and
 * muxing: it connected), and when and how it ended. `stallMs` (5 s) ends a connection whose writes
 * block that long, as a frozen server or a dropped network would leave it. Other options go to the
 * encoder (testEncoderArgs); `seconds` is not one of them: an attempt runs until its connection ends.
 */
export function publishReconnecting(urlOrUrls, options = {}) {
  const urls = Array.isArray(urlOrUrls) ? urlOrUrls : [urlOrUrls];
  if (urls.length === 0) throw new Error('publishReconnecting: no URL');
  const { retryMs = 1000, stallMs = 5000, seconds: _ignored, ...encoder } = options;
  const connections = [];
  let attempt = 0;
  let stopped = false;
  let current;
  let timer;

  const start = () => {
    if (stopped) return;
    const url = urls[attempt++ % urls.length];
    // -progress on stdout: its first block comes once the output is open and frames are muxed.
    const outputArgs = ['-progress', 'pipe:1', '-stats_period', '0.5', ...(encoder.outputArgs ?? [])];
    if (url.startsWith('rtmp')) outputArgs.push('-rw_timeout', String(stallMs * 1000));
    const child = publishTestStream(url, {
      ...encoder,
      outputArgs,
      spawnOptions: { stdio: ['ignore', 'pipe', 'pipe'] },
    });
    const connection = {
      url,
      pid: child.pid,
      startedAt: Date.now(),
      connectedAt: undefined,
      endedAt: undefined,
      exitCode: undefined,
      signal: undefined,
      log: () => child.log(),
    };
    connections.push(connection);
    current = child;
    child.stdout.on('data', () => {
      connection.connectedAt ??= Date.now();
    });
    child.once('exit', (code, signal) => {
      Object.assign(connection, { endedAt: Date.now(), exitCode: code, signal });
      if (current === child) current = undefined;
      if (!stopped) timer = setTimeout(start, retryMs);
    });
  };
  start();

  return {
    connections,
    /** The attempt under way, if any (between attempts there is none). */
    get current() {
      const last = connections.at(-1);
      return last && last.endedAt === undefined ? last : undefined;
    },
    /** Ends the encoder for good; resolves once its ffmpeg is gone. */
    async stop(graceMs = 3000) {
      stopped = true;
      clearTimeout(timer);
      await stop(current, graceMs);
    },
  };
}

/**
 * A round-robin TCP balancer on a free loopback port: each new connection goes to the next backend,
 * skipping backends that refuse it (or do not answer within `connectTimeoutMs`); when all refuse, the
 * client's connection is closed. `served[i]` counts the connections backend i took. close() drops
 * every connection through it, as a balancer going away would.
 */
export async function tcpBalancer(backends, { connectTimeoutMs = 2000 } = {}) {
  const sockets = new Set();
  const served = backends.map(() => 0);
  let next = 0;
  const keep = (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // Resets from either side end the pair (below); unhandled they would crash the test.
    socket.on('error', () => {});
  };

  const server = createServer({ pauseOnConnect: true }, (client) => {
    keep(client);
    const first = next;
    const attempt = (k) => {
      if (k >= backends.length || client.destroyed) return client.destroy();
      const i = (first + k) % backends.length;
      const upstream = connect(backends[i].port, backends[i].host);
      keep(upstream);
      upstream.setTimeout(connectTimeoutMs, () => upstream.destroy(new Error('connect timed out')));
      const refused = () => attempt(k + 1);
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        upstream.setTimeout(0);
        next = i + 1;
        served[i] += 1;
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        for (const s of [client, upstream]) s.once('close', end);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    next = first + 1;
    attempt(0);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });

  return {
    port: server.address().port,
    served,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
