import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  headers: Record<string, string>;
  subject: string;
  /** The decoded text body, with \n line ends. */
  text: string;
  raw: string;
}

/** Undoes quoted-printable: soft line breaks (`=\r\n`) vanish, `=XX` becomes the byte XX (`=3D` is `=`). */
export function decodeQuotedPrintable(input: string): string {
  const src = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const hex = src.slice(i + 1, i + 3);
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=\s*/g, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

/** A single-part text message as nodemailer writes it (no mail parser is installed, so this is ours). */
export function parseMail(raw: string, to: string[] = []): CapturedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const rawBody = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(rawBody)
      : encoding === 'base64'
        ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
        : rawBody;
  return { to, headers, subject: headers.subject ?? '', text: decoded.replace(/\r\n/g, '\n'), raw };
}

/** The value of `param` in the first link of `text` to `path` (e.g. /login/reset-password). */
export function linkParam(text: string, path: string, param: string): string | undefined {
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url.searchParams.get(param) ?? undefined;
  }
  return undefined;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export class SmtpCapture {
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
    readonly messages: CapturedMail[],
  ) {}

  static async start(): Promise<SmtpCapture> {
    const messages: CapturedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    return new SmtpCapture(server, `smtp://127.0.0.1:${port}`, messages);
  }

  to(address: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** The `count`-th message to `address`; waits briefly because delivery is a separate TCP exchange. */
  async waitFor(address: string, count = 1, timeoutMs = 5000): Promise<CapturedMail> {
    const until = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > until) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.to(address)[count - 1]!;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
