import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessLog, requestForLog } from '../../src/plugins/access-log';

type Line = {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
};

/** A Fastify logging as the server does (AccessLog, requestForLog) into an array of parsed lines. */
async function server(level: 'info' | 'debug') {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, serializers: { req: requestForLog } },
    logController: new AccessLog(),
  });
  app.get('/v1/me', async () => ({ ok: true }));
  app.get('/v1/play/:id/t/:token/*', async () => '#EXTM3U');
  app.get('/v1/broken', async () => {
    throw new Error('it broke');
  });
  app.get('/v1/connect-social/callback', async () => 'ok');
  await app.ready();
  return { app, lines, completed: () => lines.filter((l) => l.msg !== 'it broke') };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => close?.());

describe('the access log', () => {
  it('writes one line per request when it is answered, with the method, address and status', async () => {
    const { app, lines } = await server('info');
    close = () => app.close();
    await app.inject({ url: '/v1/me' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/v1/me' },
      res: { statusCode: 200 },
    });
    expect(lines[0]).toHaveProperty('responseTime');
  });

  it("logs a player's media delivery at debug only, without the viewer's token", async () => {
    const info = await server('info');
    close = () => info.app.close();
    const media = await info.app.inject({ url: '/v1/play/abc/t/viewer-secret/r1/index.m3u8' });
    expect(media.statusCode).toBe(200);
    expect(info.lines).toEqual([]);
    // A failed media request is worth a line at info.
    await info.app.inject({ url: '/v1/play/abc/t/viewer-secret' });
    const done = info.lines.filter((l) => l.msg === 'request completed');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ level: 30, res: { statusCode: 404 } });
    await info.app.close();

    const debug = await server('debug');
    close = () => debug.app.close();
    await debug.app.inject({ url: '/v1/play/abc/t/viewer-secret/r1/index.m3u8' });
    expect(debug.lines).toHaveLength(1);
    expect(debug.lines[0]).toMatchObject({ level: 20, req: { url: '/v1/play/abc/t/…/r1/index.m3u8' } });
    expect(JSON.stringify(debug.lines)).not.toContain('viewer-secret');
  });

  it('logs a failed request at error level with its error, and an OAuth answer without its query', async () => {
    const { app, lines, completed } = await server('info');
    close = () => app.close();
    await app.inject({ url: '/v1/broken' });
    const failed = completed();
    expect(failed.at(-1)).toMatchObject({ req: { url: '/v1/broken' }, res: { statusCode: 500 } });
    expect(lines.some((l) => l.level === 50)).toBe(true);
    await app.inject({ url: '/v1/connect-social/callback?code=auth-code&state=s' });
    expect(lines.at(-1)?.req?.url).toBe('/v1/connect-social/callback?…');
    expect(JSON.stringify(lines)).not.toContain('auth-code');
  });
});
