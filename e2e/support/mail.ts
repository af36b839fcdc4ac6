import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { e2eEnv } from './env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to: header('X-Envelope-To').toLowerCase(), subject: header('Subject'), text };
}

/** Waits for the newest mail to `to` whose text contains `contains`; SMTP delivery is asynchronous. */
export async function waitForMail(to: string, contains: string): Promise<Mail> {
  const { mailDir } = e2eEnv();
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(mailDir)
          .sort()
          .reverse()
          .map((file) => parse(readFileSync(join(mailDir, file), 'utf8')));
        found = mails.find((mail) => mail.to.includes(to.toLowerCase()) && mail.text.includes(contains));
        return Boolean(found);
      },
      { message: `mail to ${to} containing ${contains}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** The first link in the mail to the given app path, made relative so it runs against baseURL. */
export function linkIn(mail: Mail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
