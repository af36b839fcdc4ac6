// How soon ending a session closes the MQTT connections opened with it (issue 10, finding 4: "within a
// second", embedded broker). apps/server/test/security/sessions-mqtt.test.ts asserts that they close and
// that other sessions' stay open; the time is measured here (tests assert behaviour, benches measure time).
// Run: npx tsx bench/session-disconnect.ts [rounds=10]
// One server in this process, listening on a free loopback port (the security suite's running server:
// PGlite, embedded broker on /mqtt). Each round connects a new user over the websocket, then times from
// the API call until the client sees its connection close, for: logout, blocking the user (two
// connections: until both closed), blocking the user's corporation.
import { cpus, loadavg } from 'node:os';
import type { MqttClient } from 'mqtt';
import { connectMqtt } from '../apps/server/test/helpers/mqtt';
import { createTenant, createUser } from '../apps/server/test/helpers/test-app';
import { startRunningServer } from '../apps/server/test/security/running-server';
import { writeResult } from './lib/results';

const rounds = Number(process.argv[2] ?? 10);
const GOAL_MS = 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const s = await startRunningServer();
const ws = `${s.url.replace('http', 'ws')}/mqtt`;
const clients: MqttClient[] = [];

/** Milliseconds from `act` until every client's connection closed (30 s at most: then it failed). */
async function timed(list: MqttClient[], act: () => Promise<Response>) {
  const closed = list.map(
    (client) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('not closed within 30 s')), 30_000);
        client.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  );
  const at = performance.now();
  const res = await act();
  if (!res.ok) throw new Error(`the call answered ${res.status}`);
  await Promise.all(closed);
  return Math.round(performance.now() - at);
}

/** A browser's connection of `user`, subscribed to `topic` when given (as the security test does). */
async function live(user: { user: { id: string }; token: string }, topic?: string) {
  const c = await connectMqtt(ws, { username: user.user.id, password: user.token });
  clients.push(c.client);
  if (topic) await c.subscribe(topic);
  return c.client;
}

try {
  const logout: number[] = [];
  const blockUser: number[] = [];
  const blockCorporation: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < rounds; i++) {
    loads.push(loadavg()[0]!);
    const u = await createUser(s);
    logout.push(await timed([await live(u)], () => s.op('users.logout', { token: u.token })));
    const v = await createUser(s);
    const both = [await live(v), await live(v)];
    blockUser.push(
      await timed(both, () => s.op('users.block', { params: { id: v.user.id }, token: s.owner.token })),
    );
    const t = await createTenant(s, `Blocked ${i}`);
    blockCorporation.push(
      await timed([await live(t.user, `corporation/${t.corporationId}`)], () =>
        s.op('corporations.block', { params: { id: t.corporationId }, token: s.owner.token }),
      ),
    );
    console.log(
      `round ${i + 1}: logout ${logout[i]} ms, block user (2 connections) ${blockUser[i]} ms, block corporation ${blockCorporation[i]} ms`,
    );
  }
  const worst = Math.max(...logout, ...blockUser, ...blockCorporation);
  const m = {
    logout: median(logout),
    blockUser: median(blockUser),
    blockCorporation: median(blockCorporation),
  };
  writeResult(
    'session-disconnect',
    {
      rounds,
      logoutMs: logout,
      blockUserMs: blockUser,
      blockCorporationMs: blockCorporation,
      medianMs: m,
      worstMs: worst,
      goalMs: GOAL_MS,
      loadAverage1m: loads.map((l) => Math.round(l * 10) / 10),
    },
    `MQTT connection closed after logout ${m.logout} ms, user blocked ${m.blockUser} ms (both of 2), corporation blocked ${m.blockCorporation} ms (medians of ${rounds}; worst ${worst} ms; goal < ${GOAL_MS}: ${worst < GOAL_MS ? 'pass' : 'FAIL'}; load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${cpus().length} cores)`,
  );
} finally {
  for (const c of clients) c.end(true);
  await s.close();
}
