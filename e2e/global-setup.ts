import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createClient } from '@stromwerk/client/create-client';
import type { SMTPServerOptions, SMTPServer as SmtpServerType } from 'smtp-server';
import { createDemoData } from './support/demo-data';
import { adminEnv, e2eEnv } from './support/env';

// smtp-server is a devDependency of apps/server; resolve it from there.
const requireFromServer = createRequire(join(import.meta.dirname, '../apps/server/package.json'));
const { SMTPServer } = requireFromServer('smtp-server') as {
  SMTPServer: new (options: SMTPServerOptions) => SmtpServerType;
};

/**
 * Starts the SMTP server the app server mails to (SMTP_URL, set by scripts/test-e2e.mjs): every
 * message is written to E2E_MAIL_DIR as `<time>-<n>.eml` for the tests to read the mailed links.
 * Also logs the owner in once, so specs share one session (login is rate limited per address), and
 * creates the demo tenant the screenshots show.
 */
export default async function globalSetup() {
  const { mailDir, smtpPort, baseUrl } = e2eEnv();
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const file = join(mailDir, `${Date.now()}-${++count}.eml`);
        writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });

  const { email, password } = adminEnv();
  const session = await createClient({ baseUrl })
    .users.login({ body: { email, password } })
    .catch((error: unknown) => {
      throw new Error(`owner login failed: ${String(error)}`, { cause: error });
    });
  process.env.E2E_ADMIN_TOKEN = session.token;
  process.env.E2E_DEMO = JSON.stringify(await createDemoData(baseUrl, session.token));

  return async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
