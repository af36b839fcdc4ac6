import { createServer, type Server, type Socket } from 'node:net';
import { freePort, publishTestStream, waitFor } from '../helpers/media';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

// Shared by the target tests of issue 10. node-media-server keeps global state, so each test file
// runs at most one live app at a time (two in one process would both answer every publish).

/** A TCP listener that counts connections; `mode` says what it does with them. */
/** close: reset at once (RST); end: a polite FIN; hang: accept and never answer. */
export async function listener(mode: 'close' | 'end' | 'hang') {
  const sockets: Socket[] = [];
  let connections = 0;
  const server: Server = createServer((s) => {
    connections++;
    // Every socket is kept until close(): server.close() waits for open ones, and a half-closed one
    // (mode 'end') stays open until the client closes its side.
    sockets.push(s);
    if (mode === 'close') s.destroy();
    else if (mode === 'end') s.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => connections,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export async function liveApp(env: Record<string, string>): Promise<TestContext> {
  return createTestApp(
    { RTMP_PORT: String(await freePort()), SRT_PORT: String(await freePort()), ...env },
    { live: true },
  );
}

/** A live RTMP source fed by a small, cheap test stream (the relays under test copy it). */
export async function liveSource(ctx: TestContext) {
  const res = await op(ctx.app, 'sources.create', {
    token: ctx.owner.token,
    body: { workspaceId: ctx.owner.workspaceId, name: 'Encoder', type: 'rtmp' },
  });
  const key = await op(ctx.app, 'sources.streamKey', {
    params: { id: res.body.id },
    token: ctx.owner.token,
  });
  publishTestStream(`rtmp://127.0.0.1:${ctx.app.live!.rtmpPort}/live/${key.body.streamKey}`, {
    size: '160x90',
    rate: 10,
    gopSeconds: 1,
  });
  await waitFor('source live', async () => {
    const s = await op(ctx.app, 'sources.get', {
      params: { id: res.body.id },
      token: ctx.owner.token,
    });
    return s.body.state === 'live';
  });
  return res.body.id;
}

export const targetOf = (ctx: TestContext, id: string) =>
  op(ctx.app, 'targets.get', { params: { id }, token: ctx.owner.token }).then((r) => r.body);
