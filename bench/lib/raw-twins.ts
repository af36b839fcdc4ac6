// The raw SQL twin of every endpoint bench/api-speed.ts measures (issue 32): bare Fastify, no
// authentication, the statements the endpoint needs sent straight to the database and the rows mapped to
// JSON; a write also publishes one event on an in-process MQTT broker (aedes, no subscriber), as the
// product's writes do. What a route costs above its twin is the product's own work.
import { GRAPH_MAX_PER_KIND } from '@stromwerk/contracts/graph';
import { Aedes } from 'aedes';
import type { FastifyInstance } from 'fastify';

type Row = Record<string, unknown>;
export type Query = (sql: string, params: unknown[]) => Promise<Row[]>;

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** A row as an API object: camelCase keys, timestamps as ISO strings, the window total left out. */
export const asJson = (r: Row) =>
  Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => k !== 'total')
      .map(([k, v]) => [camel(k), v instanceof Date ? v.toISOString() : v]),
  );
const page = (rows: Row[], limit: number) => ({
  items: rows.map(asJson),
  total: Number(rows[0]?.total ?? 0),
  limit,
  offset: 0,
});

export async function registerRawTwins(app: FastifyInstance, query: Query) {
  const broker = new Aedes();
  const publish = (topic: string, payload: object) =>
    new Promise<void>((resolve) =>
      broker.publish(
        { cmd: 'publish', topic, payload: JSON.stringify(payload), qos: 0, dup: false, retain: false },
        () => resolve(),
      ),
    );
  app.addHook('onClose', () => new Promise<void>((r) => broker.close(() => r())));

  app.get<{ Params: { id: string } }>('/raw/sources/:id', async (req) => {
    const [row] = await query('select * from sources where id = $1', [req.params.id]);
    return asJson(row!);
  });
  app.get<{ Querystring: { corp: string; limit: string } }>('/raw/corporation-sources', async (req) => {
    const limit = Number(req.query.limit);
    const sql = `select *, count(*) over () as total from sources where corporation_id = $1
      order by name, id limit $2`;
    return page(await query(sql, [req.query.corp, limit]), limit);
  });
  app.get<{ Querystring: { ws: string; limit: string } }>('/raw/medias', async (req) => {
    const limit = Number(req.query.limit);
    const sql = `select *, count(*) over () as total from medias where workspace_id = $1
      order by created_at desc, id limit $2`;
    return page(await query(sql, [req.query.ws, limit]), limit);
  });
  app.get<{ Querystring: { ws: string; limit: string } }>('/raw/jobs', async (req) => {
    const limit = Number(req.query.limit);
    const sql = `select *, count(*) over () as total from jobs where workspace_id = $1
      order by created_at desc, id limit $2`;
    return page(await query(sql, [req.query.ws, limit]), limit);
  });
  // The graph's reads: each kind's first GRAPH_MAX_PER_KIND with its total (the product says when it
  // cut), and the newest recordings.
  app.get<{ Querystring: { ws: string } }>('/raw/graph', async (req) => {
    const ws = [req.query.ws, GRAPH_MAX_PER_KIND];
    const kind = (table: string) =>
      query(
        `select *, count(*) over () as total from ${table} where workspace_id = $1
        order by name, id limit $2`,
        ws,
      );
    const [sources, outputs, targets, recordings] = await Promise.all([
      kind('sources'),
      kind('outputs'),
      kind('targets'),
      query(
        `select * from medias where workspace_id = $1 and origin = 'recording'
        order by created_at desc, id limit 200`,
        [req.query.ws],
      ),
    ]);
    return {
      sources: sources.map(asJson),
      outputs: outputs.map(asJson),
      targets: targets.map(asJson),
      recordings: recordings.map(asJson),
      truncated: [sources, outputs, targets].some((rows) => Number(rows[0]?.total ?? 0) > GRAPH_MAX_PER_KIND),
    };
  });
  app.get<{ Querystring: { corp: string; from: string; to: string } }>('/raw/usage', async (req) => {
    const sql = `select date_trunc('hour', bucket_start) as start, workspace_id, metric, sum(value) as value
      from usage_counters where corporation_id = $1 and bucket_start >= $2 and bucket_start < $3
      group by 1, 2, 3 order by 1, 2`;
    const rows = await query(sql, [req.query.corp, req.query.from, req.query.to]);
    return { points: rows.map(asJson) };
  });
  app.post<{ Body: { workspaceId: string; corporationId: string; name: string } }>(
    '/raw/sources',
    async (req, reply) => {
      const key = `raw-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const sql = `insert into sources (corporation_id, workspace_id, name, type, endpoint, stream_key)
        values ($1, $2, $3, 'rtmp', 'europe', $4) returning *`;
      const b = req.body;
      const [row] = await query(sql, [b.corporationId, b.workspaceId, b.name, key]);
      const source = asJson(row!);
      await publish(`workspaces/${b.workspaceId}/sources`, { type: 'created', source });
      return reply.code(201).send(source);
    },
  );
  app.put<{ Params: { id: string }; Body: { name: string } }>('/raw/outputs/:id', async (req) => {
    const sql = 'update outputs set name = $1, updated_at = now() where id = $2 returning *';
    const [row] = await query(sql, [req.body.name, req.params.id]);
    const output = asJson(row!);
    await publish(`workspaces/${String(output.workspaceId)}/outputs`, { type: 'updated', output });
    return output;
  });
}
