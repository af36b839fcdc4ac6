/**
 * nginx.conf of the nginx-rtmp ingest (nginx-ingest.ts): one process without a master (we supervise it),
 * everything it writes under `dir`, RTMP on the ingest's address and port, an HTTP listener on loopback
 * for its control and stat pages only, and every publish and play asked of our callback listener.
 */
export interface NginxConfigOptions {
  dir: string;
  module: string;
  host: string;
  port: number;
  controlPort: number;
  callbackPort: number;
  token: string;
  app: string;
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

export function nginxConfig(o: NginxConfigOptions): string {
  const listen = WILDCARD.has(o.host)
    ? String(o.port)
    : `${o.host.includes(':') ? `[${o.host}]` : o.host}:${o.port}`;
  const callback = (event: string) => `http://127.0.0.1:${o.callbackPort}/cb/${o.token}/${event}`;
  const tmp = (name: string) => `${name}_temp_path ${o.dir}/tmp/${name};`;
  return `load_module ${o.module};
daemon off;
master_process off;
worker_processes 1;
pid ${o.dir}/nginx.pid;
error_log ${o.dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(tmp).join('\n  ')}
  server {
    listen 127.0.0.1:${o.controlPort};
    location /control { rtmp_control all; }
    location /stat { rtmp_stat all; }
  }
}
rtmp {
  server {
    listen ${listen};
    chunk_size 60000;
    # A publisher that sends nothing for 3 s is dropped (a stalled encoder is offline, not live).
    drop_idle_publisher 3s;
    application ${o.app} {
      live on;
      # Readers start on a keyframe with both streams known.
      wait_key on;
      wait_video on;
      notify_method post;
      on_publish ${callback('publish')};
      on_publish_done ${callback('publish_done')};
      on_play ${callback('play')};
    }
  }
}
`;
}
