import { expect } from 'vitest';
import {
  type ClusterDatabase,
  type ClusterNode,
  call,
  leaseHolder,
  mediaCommandsOf,
} from '../helpers/cluster';
import { waitFor } from '../helpers/media';
import { whepViewer } from '../helpers/whep-viewer';
import { whipPublisher } from '../helpers/whip-publisher';

// Issue 35 item 4 in the cluster test: a real-time viewer's WHEP offer made at a process that does not
// write the player's program (as a load balancer sends it) is answered by the writer through the
// relay (whep-relay.ts), the picture flows from the writer, and the DELETE made at yet another process
// ends the viewer there.

export async function clusterRealtimeChecks(o: {
  db: ClusterDatabase;
  pool: ClusterNode[];
  playerId: string;
  step: (what: string) => void;
}) {
  const { db, pool, playerId } = o;
  const holder = await waitFor(
    'the real-time program written somewhere',
    async () => {
      const rows = await db.query<{ input: string }>('SELECT input FROM outputs WHERE id = $1', [playerId]);
      return rows[0]?.input === 'main' ? leaseHolder(db, 'output', playerId) : undefined;
    },
    40_000,
  );
  const writer = pool.find((n) => holder.includes(`/${n.child.pid}/`))!;
  expect(writer).toBeDefined();
  const [front, other] = pool.filter((n) => n !== writer) as [ClusterNode, ClusterNode];
  o.step(`real time: writer ${writer.name}, offer at ${front.name}, DELETE at ${other.name}`);

  const session = (await (
    await fetch(`${front.base}/play/${playerId}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as { token: string; latency: string };
  expect(session.latency).toBe('realtime');
  const viewer = await whepViewer();
  const offer = () =>
    fetch(`${front.base}/play/${playerId}/whep?t=${encodeURIComponent(session.token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: viewer.offer,
    });
  // The writer may still be starting its RTP when the lease is seen: a 409 until it is on air.
  const answered = await waitFor(
    'the offer answered through the writer',
    async () => {
      const res = await offer();
      return res.status === 201 ? res : undefined;
    },
    20_000,
  );
  const location = answered.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^/v1/play/${playerId}/whep/[0-9a-f-]{36}$`));
  await viewer.answer(await answered.text());
  await waitFor('H.264 from the writer', async () => viewer.got.nals.length >= 30 || undefined, 20_000);
  const viewers = async () =>
    (
      await call<{ viewers: number }>(
        other,
        'GET',
        `/play/${playerId}/state?t=${encodeURIComponent(session.token)}`,
      )
    ).viewers;
  expect(await viewers()).toBe(1);

  // The DELETE at the third process is passed to the writer too, and ends the viewer there; the forged
  // relay header it carries is ignored (only a valid one keeps a request where it lands).
  const forged = await fetch(`${other.base.replace(/\/v1$/, '')}${location}`, {
    method: 'DELETE',
    headers: { 'x-stromwerk-relay': `${Math.floor(Date.now() / 1000) + 30}.forged` },
  });
  expect(forged.status).toBe(204);
  expect(await viewers()).toBe(0);
  const again = await fetch(`${front.base.replace(/\/v1$/, '')}${location}`, { method: 'DELETE' });
  expect(again.status).toBe(404);
  await viewer.close();
}

/**
 * A WHIP publisher reaches whichever process the load balancer picks: the first offer goes live there;
 * a reconnect (a new offer with the same key) made at another process goes to the process where the
 * source is live and replaces the publish there; the DELETE made at a third process ends it.
 */
export async function clusterWhipChecks(o: {
  db: ClusterDatabase;
  pool: ClusterNode[];
  token: string;
  workspaceId: string;
  step: (what: string) => void;
}) {
  const { db, pool, token, workspaceId } = o;
  const [first, second, third] = pool as [ClusterNode, ClusterNode, ClusterNode];
  const source = await call<{ id: string }>(
    first,
    'POST',
    '/sources',
    { workspaceId, name: 'Studio', type: 'whip' },
    token,
  );
  const { streamKey } = await call<{ streamKey: string }>(
    first,
    'GET',
    `/sources/${source.id}/stream-key`,
    undefined,
    token,
  );
  const offer = (node: ClusterNode, sdp: string) =>
    fetch(`${node.base}/whip`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${streamKey}` },
      body: sdp,
    });
  const live = async () =>
    (await db.query<{ live: boolean }>('SELECT live FROM sources WHERE id = $1', [source.id]))[0]?.live;
  const publisher = await whipPublisher();
  const answered = await offer(first, publisher.offer);
  expect(answered.status).toBe(201);
  await publisher.answer(await answered.text());
  publisher.start(60);
  await waitFor('the WHIP source live', async () => (await live()) || undefined, 30_000);
  const holder = await leaseHolder(db, 'source', source.id);
  expect(holder).toContain(`/${first.child.pid}/`);
  o.step(`WHIP live on ${first.name}; reconnect at ${second.name}`);

  const again = await whipPublisher();
  let asked = 0;
  again.pc.getSenders()[0]!.onPictureLossIndication.subscribe(() => asked++);
  const reoffered = await offer(second, again.offer);
  expect(reoffered.status).toBe(201);
  const location = reoffered.headers.get('location')!;
  await again.answer(await reoffered.text());
  await publisher.close();
  again.start(60);
  // Live again on the same process: the new publish replaced the old one there (the source may be
  // offline for a moment between the two bridges' publishes), not taken by the process it reached.
  await waitFor('keyframe requests to the new publisher', async () => asked >= 2 || undefined, 20_000);
  await waitFor(
    'the source live again where it was',
    async () => ((await live()) && (await leaseHolder(db, 'source', source.id)) === holder) || undefined,
    20_000,
  );
  expect(mediaCommandsOf(second).filter((c) => c.includes('sdp,rtp'))).toEqual([]);

  const ended = await fetch(`${third.base.replace(/\/v1$/, '')}${location}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${streamKey}` },
  });
  expect(ended.status).toBe(204);
  await waitFor('the WHIP source offline', async () => (await live()) === false || undefined, 20_000);
  await again.close();
}
