import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { deathWrapper } from '@stromwerk/media/orphans';
import { nginxConfig } from './nginx-config';
import { ReaderAliases } from './reader-aliases';
import {
  type IngestHooks,
  ingestLocalHost,
  isLocalPeer,
  portFree,
  RTMP_APP,
  type RtmpIngest,
} from './rtmp-ingest';

export const NGINX_RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const STAT_EVERY_MS = 2000;

/** Whether nginx with the RTMP module (Debian: nginx and libnginx-mod-rtmp) is installed. */
export const nginxRtmpAvailable = (nginx = '/usr/sbin/nginx', module = NGINX_RTMP_MODULE) =>
  existsSync(nginx) && existsSync(module);

/**
 * RTMP ingest by nginx-rtmp in a child process (INGEST_ENGINE=nginx; issue 18: about a sixth of
 * node-media-server's CPU per stream, bench/ingest-cpu.ts), behind the same interface as the built-in one.
 * nginx asks us before every publish and play over HTTP (on_publish, on_play: a loopback listener of
 * ours whose path carries a random token, so no other local process can forge an event) and tells us
 * when a publisher leaves (on_publish_done). Its control module drops a publisher (kick), its stat page
 * gives the bytes each publisher sent (read every 2 s while anyone publishes). nginx dies with us
 * (pdeathsig) and is started again a second after it died.
 */
export async function startNginxIngest(opts: {
  port: number;
  host: string;
  dataDir: string;
  hooks: IngestHooks;
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void };
}): Promise<RtmpIngest> {
  if (!(await portFree(opts.port, opts.host))) {
    throw new Error(`RTMP_PORT ${opts.port} is already in use: stop the other process or set RTMP_PORT`);
  }
  const dir = join(opts.dataDir, 'nginx-ingest');
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'tmp'), { recursive: true });
  const token = randomBytes(16).toString('hex');
  const publishers = new Map<string, { clientId: string }>();
  const aliases = new ReaderAliases();
  const bytes = new Map<string, number>();

  const callbacks = createServer((req, res) => {
    void answer(req).then((status) => {
      if (typeof status === 'number') res.writeHead(status).end();
      else res.writeHead(302, { Location: status.redirect }).end();
    });
  });
  async function answer(req: IncomingMessage): Promise<number | { redirect: string }> {
    const path = req.url?.split('?')[0] ?? '';
    if (req.method !== 'POST' || !path.startsWith(`/cb/${token}/`)) return 404;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const [name, app, addr, clientId] = ['name', 'app', 'addr', 'clientid'].map((k) => form.get(k) ?? '');
    const event = path.slice(`/cb/${token}/`.length);
    if (event === 'play') {
      if (!isLocalPeer(addr!, opts.host)) return 403;
      // A reader names a key's alias (./reader-aliases): nginx-rtmp plays the stream a 3xx names.
      const key = aliases.keyOf(name!);
      return key === undefined ? 200 : { redirect: key };
    }
    if (event === 'publish') {
      if (app !== RTMP_APP || publishers.has(name!) || !opts.hooks.mayPublish(name!, addr!)) return 403;
      publishers.set(name!, { clientId: clientId! });
      setImmediate(() => opts.hooks.published(name!));
      return 200;
    }
    if (event === 'publish_done') {
      if (publishers.get(name!)?.clientId === clientId) {
        publishers.delete(name!);
        bytes.delete(name!);
        opts.hooks.unpublished(name!);
      }
      return 200;
    }
    return 404;
  }
  await listen(callbacks);
  const callbackPort = (callbacks.address() as AddressInfo).port;
  const controlPort = await freeLoopbackPort();
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    nginxConfig({ dir, module: NGINX_RTMP_MODULE, ...opts, controlPort, callbackPort, token, app: RTMP_APP }),
  );

  let child: ChildProcess | undefined;
  let stopping = false;
  const start = () => {
    const command = [...deathWrapper('nginx'), 'nginx', '-e', join(dir, 'error.log'), '-p', dir, '-c', conf];
    const started = spawn(command[0]!, command.slice(1), { stdio: 'ignore' });
    child = started;
    started.on('exit', (code, signal) => {
      if (stopping) return;
      opts.log?.error({ code, signal }, 'nginx ingest stopped; starting it again');
      // Its publishers are gone with it.
      for (const key of [...publishers.keys()]) {
        publishers.delete(key);
        opts.hooks.unpublished(key);
      }
      setTimeout(() => !stopping && start(), 1000).unref();
    });
  };
  start();
  await waitForPort(opts.port, opts.host);

  const control = (path: string) => fetch(`http://127.0.0.1:${controlPort}${path}`);
  const { XMLParser } = await import('fast-xml-parser'); // only with the nginx ingest
  const parser = new XMLParser({ isArray: (name) => name === 'stream' || name === 'application' });
  const stat = setInterval(() => {
    if (publishers.size === 0) return;
    void control('/stat')
      .then((r) => r.text())
      .then((xml) => {
        const doc = parser.parse(xml) as StatDocument;
        for (const app of doc.rtmp?.server?.application ?? []) {
          if (app.name !== RTMP_APP) continue;
          for (const s of app.live?.stream ?? []) bytes.set(String(s.name), Number(s.bytes_in) || 0);
        }
      })
      .catch((err) => opts.log?.warn({ err }, 'nginx ingest stat failed'));
  }, STAT_EVERY_MS);
  stat.unref();

  return {
    port: opts.port,
    // nginx-rtmp keeps no backlog of a publish: a reader begins at its current picture group either way.
    localUrl: (key) =>
      `rtmp://${ingestLocalHost(opts.host)}:${opts.port}/${RTMP_APP}/${aliases.aliasOf(key)}`,
    publishUrl: (key) => `rtmp://${ingestLocalHost(opts.host)}:${opts.port}/${RTMP_APP}/${key}`,
    kick: (key) => {
      if (!publishers.has(key)) return;
      const query = new URLSearchParams({ app: RTMP_APP, name: key });
      void control(`/control/drop/publisher?${query}`).catch((err) =>
        opts.log?.warn({ err }, 'nginx ingest could not drop a publisher'),
      );
    },
    // nginx-rtmp ends a publish when its publisher drops: there is no grace to cut short.
    endWithoutGrace: () => undefined,
    bytesIn: (key) => (publishers.has(key) ? (bytes.get(key) ?? 0) : undefined),
    publishing: () => [...publishers.keys()],
    stop: async () => {
      stopping = true;
      clearInterval(stat);
      const running = child;
      if (running && running.exitCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGQUIT');
        const timer = setTimeout(() => running.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      await new Promise((resolve) => callbacks.close(resolve));
    },
  };
}

interface StatDocument {
  rtmp?: {
    server?: {
      application?: { name?: string; live?: { stream?: { name?: unknown; bytes_in?: unknown }[] } }[];
    };
  };
}

const listen = (server: Server) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

async function freeLoopbackPort() {
  const probe = createServer();
  await listen(probe);
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits until nginx accepts connections (a probe by bind could take the port from under it). */
async function waitForPort(port: number, host: string) {
  for (let i = 0; i < 100; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, ingestLocalHost(host).replace(/^\[|\]$/g, ''), () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `the nginx ingest did not listen on ${port} within 10 s: see DATA_DIR/nginx-ingest/error.log`,
  );
}
