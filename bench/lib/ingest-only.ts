// Our RTMP ingest (argv: port, then builtin or nginx) alone in its own process, for bench/ingest-cpu.ts: every publish is accepted, nothing
// else of the server runs, so this process's CPU is the ingest's. Prints "ready" when it listens.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginxIngest } from '../../apps/server/src/plugins/nginx-ingest';
import { startRtmpIngest } from '../../apps/server/src/plugins/rtmp-ingest';

const port = Number(process.argv[2]);
const engine = process.argv[3] === 'nginx' ? startNginxIngest : startRtmpIngest;
const ingest = await engine({
  port,
  host: '127.0.0.1',
  dataDir: mkdtempSync(join(tmpdir(), 'stromwerk-ingest-bench-')),
  hooks: { mayPublish: () => true, published: () => undefined, unpublished: () => undefined },
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => void ingest.stop().finally(() => process.exit(0)));
