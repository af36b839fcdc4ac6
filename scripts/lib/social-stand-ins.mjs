// Local stand-ins for the social networks in the browser flows (issue 20): a real OAuth 2 authorization
// server (oauth2-mock-server, PKCE S256 checked), the Google API stand-in (YouTube's "who am I" and
// videos.insert, Drive; google-stand-in.mjs), which answers only tokens that server signed, and a real
// FTP server (ftp-srv) for posting, and the X stand-in (x-stand-in.mjs: "who am I", chunked media upload,
// posts). Returns the SOCIAL_YOUTUBE_* and SOCIAL_TWITTER_* settings that point the server at them, and for
// the specs where the FTP server and the YouTube API stand-in listen. Nothing here reaches the internet.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { OAuth2Server } from 'oauth2-mock-server';
import { startGoogleStandIn } from './google-stand-in.mjs';
import { startXStandIn } from './x-stand-in.mjs';
import { startYoutubeLive } from './youtube-live-stand-in.mjs';

const FTP_USER = 'e2e';
const FTP_PASSWORD = 'e2e-ftp-password';

async function startFtp() {
  const root = mkdtempSync(join(tmpdir(), 'stromwerk-e2e-ftp-'));
  const quiet = { info() {}, debug() {}, trace() {}, warn() {}, error() {}, child: () => quiet };
  const srv = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    pasv_url: '127.0.0.1',
    pasv_min: 41000,
    pasv_max: 41999,
    anonymous: false,
    log: quiet,
  });
  srv.on('login', ({ username, password }, resolve, reject) =>
    username === FTP_USER && password === FTP_PASSWORD ? resolve({ root }) : reject(new Error('Invalid')),
  );
  await srv.listen();
  return {
    port: srv.server.address().port,
    async stop() {
      await srv.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export async function startSocialStandIns() {
  const auth = new OAuth2Server();
  await auth.issuer.keys.generate('RS256');
  await auth.start(0, '127.0.0.1');
  const issuer = auth.issuer.url;
  auth.service.on('beforeResponse', (res) => {
    res.body.scope = [
      'https://www.googleapis.com/auth/youtube',
      'https://www.googleapis.com/auth/youtube.upload',
      // X's, for an X connection (one authorization server plays both providers).
      'tweet.read tweet.write users.read media.write offline.access',
    ].join(' ');
  });
  // Going live (youtube-live-stand-in.mjs) on the same address; its /e2e/ state is for the specs.
  const live = await startYoutubeLive();
  const google = await startGoogleStandIn({
    issuerUrl: issuer,
    extra: (req, res, url) => live.handle(req, res, url),
  });
  const x = await startXStandIn({ issuerUrl: issuer });
  const ftp = await startFtp();
  return {
    env: {
      SOCIAL_YOUTUBE_CLIENT_ID: 'stromwerk-e2e',
      SOCIAL_YOUTUBE_CLIENT_SECRET: 'e2e-client-secret',
      SOCIAL_YOUTUBE_AUTHORIZE_URL: `${issuer}/authorize`,
      SOCIAL_YOUTUBE_TOKEN_URL: `${issuer}/token`,
      SOCIAL_YOUTUBE_REVOKE_URL: `${issuer}/revoke`,
      SOCIAL_YOUTUBE_API_URL: google.url,
      SOCIAL_TWITTER_CLIENT_ID: 'stromwerk-e2e',
      SOCIAL_TWITTER_CLIENT_SECRET: 'e2e-client-secret',
      SOCIAL_TWITTER_AUTHORIZE_URL: `${issuer}/authorize`,
      SOCIAL_TWITTER_TOKEN_URL: `${issuer}/token`,
      SOCIAL_TWITTER_REVOKE_URL: `${issuer}/revoke`,
      SOCIAL_TWITTER_API_URL: x.url,
    },
    /** For the specs: the FTP server a connection can be saved for. */
    specEnv: {
      E2E_FTP_PORT: String(ftp.port),
      E2E_FTP_USER: FTP_USER,
      E2E_FTP_PASSWORD: FTP_PASSWORD,
      E2E_YOUTUBE_API_URL: google.url,
    },
    async stop() {
      await auth.stop();
      await google.stop();
      live.stop();
      await x.stop();
      await ftp.stop();
    },
  };
}
