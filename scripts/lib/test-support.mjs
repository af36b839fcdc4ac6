// Test support in one place (issue 29, item 9): free ports, waits that say what they last saw, processes
// that never outlive a test, and the test encoder (an ffmpeg publishing a test picture with a tone).
// Used by the vitest projects, the Playwright flows, the benches (tsx) and the scripts (plain node).
// Plain ESM JavaScript with its types beside it (test-support.d.mts), like server-process.mjs, rather
// than a workspace package: `node scripts/*.mjs` runs it with no build or loader, TypeScript reads the
// .d.mts from every tsconfig that already reaches scripts/lib, and no package has to list it as a
// dependency. Chaos helpers (reconnecting encoder, TCP balancer) are in test-chaos.mjs beside it.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { createServer } from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now (127.0.0.1, port 0 probe). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A UDP port nobody has bound right now: SRT runs over UDP, where a TCP probe says nothing. */
export function freeUdpPort() {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.unref();
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/**
 * Polls `check` until it returns a value other than undefined or false, and returns that value. On
 * time-out the error names `label`, the last error `check` threw and the last value it passed to `note`,
 * so a failure says what it saw rather than only that it waited. `check` runs at least once.
 */
export async function waitFor(label, check, timeoutMs = 20_000, intervalMs = 250) {
  const started = Date.now();
  let lastError;
  let noted = false;
  let lastNote;
  const note = (value) => {
    noted = true;
    lastNote = value;
  };
  for (;;) {
    try {
      const value = await check(note);
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() - started >= timeoutMs) break;
    await sleep(intervalMs);
  }
  const seen = noted
    ? `; last seen: ${typeof lastNote === 'string' ? lastNote : JSON.stringify(lastNote)}`
    : '';
  const error = lastError === undefined ? '' : `; last error: ${lastError?.message ?? String(lastError)}`;
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}${error}${seen}`);
}

/**
 * Whether something listens on a local port, read from /proc so we never connect (an `ffmpeg -listen 1`
 * would take a probe connection for its one publisher). UDP (SRT) sockets show as bound; TCP ones must
 * be in LISTEN state (0A).
 */
export async function isListening(port, protocol = 'tcp') {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const table of [`/proc/net/${protocol}`, `/proc/net/${protocol}6`]) {
    const text = await readFile(table, 'utf8').catch(() => '');
    // Columns: sl local_address rem_address st ...
    for (const line of text.split('\n')) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(suffix) && (protocol === 'udp' || cols[3] === '0A')) return true;
    }
  }
  return false;
}

/**
 * Whether process `pid` itself (not its children, not another test's server) listens on a TCP port: the
 * listener's socket inode from /proc/net/tcp* among the process's open descriptors.
 */
export async function isListeningIn(pid, port) {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(suffix) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return false;
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}

export const listening = (port, timeoutMs = 5000, protocol = 'tcp') =>
  waitFor(`a ${protocol} listener on port ${port}`, () => isListening(port, protocol), timeoutMs, 50);

const tracked = new Set();

/**
 * A child process that stopAll() ends at the latest. Its last 4,000 characters of stderr are kept for
 * failure messages (`log()`): a test that waited in vain can say why the helper gave up.
 */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  let text = '';
  child.stderr?.on('data', (chunk) => {
    text = (text + chunk).slice(-4000);
  });
  child.log = () => text;
  tracked.add(child);
  const forget = () => tracked.delete(child);
  child.once('exit', forget);
  // A command that could not start emits 'error' and maybe no 'exit'.
  child.once('error', (error) => {
    text += String(error);
    forget();
  });
  return child;
}

/** A tracked ffmpeg, quiet but for errors, never reading the test's stdin. */
export function ffmpeg(args, { loglevel = 'error', ...options } = {}) {
  return spawnTracked('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', loglevel, ...args], options);
}

const ended = (child) => child.exitCode !== null || child.signalCode !== null;

/** Resolves with the exit code once `child` has exited; SIGKILLs it after `killAfterMs` when given. */
export function exited(child, killAfterMs) {
  if (ended(child)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const done = () => {
      clearTimeout(timer);
      resolve(child.exitCode);
    };
    child.once('exit', done);
    child.once('error', done);
  });
}

/**
 * SIGTERM, then SIGKILL after `graceMs` (a blocked ffmpeg ignores SIGTERM); `graceMs` 0 kills at once,
 * as a crashed encoder or a pulled cable would end. Resolves once the process is gone.
 */
export async function stop(child, graceMs = 3000) {
  if (!child || ended(child) || child.pid === undefined) return;
  const gone = exited(child, graceMs);
  child.kill(graceMs === 0 ? 'SIGKILL' : 'SIGTERM');
  await gone;
}

/** Stops every tracked process still running (afterEach/afterAll). */
export async function stopAll(graceMs = 3000) {
  await Promise.all([...tracked].map((child) => stop(child, graceMs)));
}

/**
 * The arguments of a test encoder like OBS: a test picture (lavfi `picture`, testsrc2) with a 440 Hz
 * tone, H.264 with a keyframe every `gopSeconds` exactly (no scene cuts), AAC, in real time, to `url`
 * (FLV for rtmp://, MPEG-TS for srt://). `seconds` ends it; without, it runs until stopped. `file` replays
 * a file instead (stream copy; `loop` repeats it for ever), which costs no encoding CPU.
 */
export function testEncoderArgs(url, o = {}) {
  const format = o.format ?? (url.startsWith('srt:') || url.startsWith('udp:') ? 'mpegts' : 'flv');
  const realtime = o.realtime === false ? [] : ['-re'];
  if (o.file) {
    const loop = o.loop ? ['-stream_loop', '-1'] : [];
    return [...realtime, ...loop, '-i', o.file, '-c', 'copy', ...(o.outputArgs ?? []), '-f', format, url];
  }
  const rate = o.rate ?? 25;
  const duration = o.seconds === undefined ? '' : `:duration=${o.seconds}`;
  const gop = String(Math.round((o.gopSeconds ?? 2) * rate));
  const audio = o.audio ?? 'aac';
  const tone = `sine=frequency=440:sample_rate=${o.sampleRate ?? 44100}${duration}`;
  return [
    ...[
      ...realtime,
      '-f',
      'lavfi',
      '-i',
      `${o.picture ?? 'testsrc2'}=size=${o.size ?? '640x360'}:rate=${rate}${duration}`,
    ],
    ...(audio === false ? [] : [...realtime, '-f', 'lavfi', '-i', tone]),
    ...(o.videoFilter ? ['-vf', o.videoFilter] : []),
    ...['-c:v', 'libx264', '-preset', o.preset ?? 'ultrafast', '-tune', 'zerolatency'],
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-pix_fmt', 'yuv420p', ...(o.videoArgs ?? [])],
    ...(audio === false ? [] : ['-c:a', audio, '-b:a', o.audioBitrate ?? '96k']),
    ...(o.outputArgs ?? []),
    ...['-f', format, url],
  ];
}

/** A tracked test encoder publishing to `url` (see testEncoderArgs for the options). */
export function publishTestStream(url, options = {}) {
  const { loglevel, spawnOptions, ...encoder } = options;
  return ffmpeg(testEncoderArgs(url, encoder), { loglevel, ...spawnOptions });
}
