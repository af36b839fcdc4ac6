import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  engine: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL mail goes to that server; without it each message is written as an .eml file to
 * DATA_DIR/outbox and logged, so a fresh install can still complete password resets and invitations.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer is loaded with the first mail, not at every start (issue 32, item 5).
  const transportOf = (options: Parameters<typeof import('nodemailer').createTransport>[0]) => {
    let made: Promise<Transporter> | undefined;
    return () => {
      made ??= import('nodemailer').then((m) => m.default.createTransport(options) as Transporter);
      return made;
    };
  };
  if (opts.smtpUrl) {
    const transport = transportOf(opts.smtpUrl);
    return {
      engine: 'smtp',
      async send(mail) {
        await (await transport()).sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = join(opts.dataDir, 'outbox');
  const render = transportOf({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    engine: 'outbox',
    async send(mail) {
      const info = await (await render()).sendMail({ from: opts.from, ...mail });
      await mkdir(outbox, { recursive: true });
      // A random part: two mails to one address in the same millisecond must not overwrite each other.
      const file = join(
        outbox,
        `${Date.now()}-${randomBytes(4).toString('hex')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file }, `mail written to outbox:\n${mail.text}`);
    },
  };
}
