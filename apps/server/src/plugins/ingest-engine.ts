import { startNginxIngest } from './nginx-ingest';
import { type IngestHooks, type RtmpIngest, startRtmpIngest } from './rtmp-ingest';

export type { RtmpIngest };

/** The RTMP ingest INGEST_ENGINE names: node-media-server in this process, or nginx-rtmp as a child. */
export function startIngest(
  engine: 'builtin' | 'nginx' | undefined,
  opts: {
    port: number;
    host: string;
    dataDir: string;
    hooks: IngestHooks;
    log?: { warn(o: object, m: string): void; error(o: object, m: string): void };
  },
): Promise<RtmpIngest> {
  return engine === 'nginx' ? startNginxIngest(opts) : startRtmpIngest(opts);
}
