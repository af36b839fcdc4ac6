// nginx-rtmp (Debian's libnginx-mod-rtmp) run by a bench as a plain RTMP server of its own: the baseline
// ingest of bench/ingest-cpu.ts, and the receiver of every target in bench/live-capacity.ts (one nginx
// for all of them costs a fraction of one `ffmpeg -listen 1` per target, so the bench measures the
// server rather than its own receivers). Its stat page says how many bytes each stream brought in.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, listening } from '../../scripts/lib/test-support.mjs';

const NGINX_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

/** Installs the module when it is missing (a bench may run on a machine set up for the app alone). */
export function ensureNginxRtmp(): void {
  if (existsSync(NGINX_MODULE)) return;
  console.log('installing libnginx-mod-rtmp (Debian)...');
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'libnginx-mod-rtmp'], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(NGINX_MODULE)) throw new Error('libnginx-mod-rtmp is not installed');
}

export interface NginxRtmp {
  child: ChildProcess;
  rtmpPort: number;
  /** Bytes each publisher sent so far, by stream name (the stat page; needs `stat: true`). */
  bytesIn(): Promise<Map<string, number>>;
}

/**
 * One nginx process (no master) on loopback, application `app`, with `live on` so publishers need no
 * reader. With `stat`, an HTTP listener on another loopback port serves `rtmp_stat all`.
 */
export async function startNginxRtmp(app: string, { stat = false } = {}): Promise<NginxRtmp> {
  ensureNginxRtmp();
  const dir = mkdtempSync(join(tmpdir(), 'stromwerk-bench-nginx-'));
  const rtmpPort = await freePort();
  const statPort = stat ? await freePort() : 0;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `load_module ${NGINX_MODULE};`,
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      `rtmp { server { listen 127.0.0.1:${rtmpPort}; chunk_size 60000; application ${app} { live on; } } }`,
      ...(stat
        ? [
            `http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
            `  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
            `  server { listen 127.0.0.1:${statPort}; location /stat { rtmp_stat all; } } }`,
          ]
        : []),
    ].join('\n'),
  );
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  await listening(rtmpPort, 10_000);
  if (stat) await listening(statPort, 10_000);
  return {
    child,
    rtmpPort,
    async bytesIn() {
      const xml = await (await fetch(`http://127.0.0.1:${statPort}/stat`)).text();
      return streamBytesIn(xml);
    },
  };
}

/** `<stream><name>x</name>...<bytes_in>n</bytes_in>` of nginx-rtmp's stat XML, by stream name. */
export function streamBytesIn(xml: string): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const [, stream] of xml.matchAll(/<stream>([\s\S]*?)<\/stream>/g)) {
    const name = /<name>([^<]*)<\/name>/.exec(stream!)?.[1];
    const n = Number(/<bytes_in>(\d+)<\/bytes_in>/.exec(stream!)?.[1]);
    if (name !== undefined && Number.isFinite(n)) bytes.set(name, n);
  }
  return bytes;
}
