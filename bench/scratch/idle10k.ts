import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CLUSTER_ADMIN,
  call,
  clusterSettings,
  freshDatabase,
  startNode,
  stopNode,
} from '../../apps/server/test/helpers/cluster';
import { measure } from '../lib/proc-cpu';

const db = await freshDatabase(process.env.TEST_DATABASE_URL!);
const shared = mkdtempSync(join(tmpdir(), 'sw-idle-'));
const cl = clusterSettings(shared);
let a = await startNode('a', db.url, cl);
const { token } = await call<{ token: string }>(a, 'POST', '/login', CLUSTER_ADMIN);
const ws = (await call<{ items: { id: string }[] }>(a, 'GET', '/workspaces', undefined, token)).items[0]!.id;
await new Promise((r) => setTimeout(r, 3000));
const empty = await measure(() => [a.child.pid!], 20_000);
console.log('empty', empty);
const [{ corporation_id }] = await db.query<{ corporation_id: string }>(
  'SELECT corporation_id FROM workspaces WHERE id=$1',
  [ws],
);
await db.query(
  `INSERT INTO sources (corporation_id, workspace_id, name, type, endpoint, stream_key)
  SELECT $1, $2, 'S' || g, 'rtmp', 'europe', md5(random()::text || g) FROM generate_series(1, 10000) g`,
  [corporation_id, ws],
);
await stopNode(a);
a = await startNode('a2', db.url, cl);
await new Promise((r) => setTimeout(r, 3000));
const before = await db.query<{ seq: string }>(
  "SELECT seq_tup_read::text AS seq FROM pg_stat_user_tables WHERE relname='sources'",
);
const full = await measure(() => [a.child.pid!], 20_000);
const after = await db.query<{ seq: string }>(
  "SELECT seq_tup_read::text AS seq FROM pg_stat_user_tables WHERE relname='sources'",
);
console.log('10k', full, 'seq rows read', Number(after[0]!.seq) - Number(before[0]!.seq));
const t0 = Date.now();
await call(a, 'GET', `/sources?workspaceId=${ws}&limit=20`, undefined, token);
console.log('list ms', Date.now() - t0);
await stopNode(a);
await db.drop();
process.exit(0);
