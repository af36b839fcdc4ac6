// Local stand-ins for one OAuth network in the browser flows (issue 20): a real OAuth 2 authorization
// server (oauth2-mock-server, PKCE S256 checked) and YouTube's "who am I" (`channels?mine=true`), which
// answers only tokens that server signed. Returns the SOCIAL_YOUTUBE_* settings that point the server
// at them. Nothing here reaches the internet.
import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { startYoutubeLive } from './youtube-live-stand-in.mjs';

export async function startSocialStandIns() {
  const auth = new OAuth2Server();
  await auth.issuer.keys.generate('RS256');
  await auth.start(0, '127.0.0.1');
  const issuer = auth.issuer.url;
  auth.service.on('beforeResponse', (res) => {
    res.body.scope = 'https://www.googleapis.com/auth/youtube https://www.googleapis.com/auth/youtube.upload';
  });
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  const live = await startYoutubeLive();
  const api = createServer(async (req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const signed = await jwtVerify(token, jwks, { issuer }).then(
      () => true,
      () => false,
    );
    // Going live (youtube-live-stand-in.mjs); its /e2e/ state is for the tests, not the server.
    if ((signed || url.pathname.startsWith('/e2e/')) && (await live.handle(req, res, url))) return;
    const ok = req.url?.startsWith('/youtube/v3/channels')
      ? await jwtVerify(token, jwks, { issuer }).then(
          () => true,
          () => false,
        )
      : false;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? { items: [{ id: 'UC-e2e', snippet: { title: 'Stand-in Channel', thumbnails: {} } }] }
          : { error: { code: 401 } },
      ),
    );
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${api.address().port}`;
  return {
    env: {
      SOCIAL_YOUTUBE_CLIENT_ID: 'stromwerk-e2e',
      SOCIAL_YOUTUBE_CLIENT_SECRET: 'e2e-client-secret',
      SOCIAL_YOUTUBE_AUTHORIZE_URL: `${issuer}/authorize`,
      SOCIAL_YOUTUBE_TOKEN_URL: `${issuer}/token`,
      SOCIAL_YOUTUBE_REVOKE_URL: `${issuer}/revoke`,
      SOCIAL_YOUTUBE_API_URL: apiUrl,
    },
    async stop() {
      await auth.stop();
      live.stop();
      await new Promise((resolve) => api.close(resolve));
    },
  };
}
