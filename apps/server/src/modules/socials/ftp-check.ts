import type { SocialProblem, SocialProblemCode } from '@stromwerk/contracts/socials';
import { Client, FTPError } from 'basic-ftp';
import { publicAddresses, resolveAll, TargetAddressError } from '../targets/target-policy';
import { problem } from './problems';

export interface FtpCredentials {
  host: string;
  port: number;
  user: string;
  password: string;
  protocol: 'ftp' | 'ftps';
  basePath: string;
}

const FTP_TIMEOUT_MS = 10_000;

/**
 * Logs in and lists the base folder in passive mode, and names what failed. The host is the only address
 * a user chooses that this server connects to for socials, so it passes the targets' address policy
 * (public addresses only unless TARGET_ALLOW_PRIVATE), and we connect to the checked address itself (no
 * second DNS answer); basic-ftp keeps data connections on that same address whatever PASV says.
 */
/** Why an FTP session could not be opened: one of the check's problem codes. */
export class FtpOpenError extends Error {
  constructor(readonly code: SocialProblemCode) {
    super(problem(code).message);
  }
}

/**
 * A logged-in FTP session. The host is the only address a user chooses that this server connects to for
 * socials, so it passes the targets' address policy (public addresses only unless TARGET_ALLOW_PRIVATE),
 * and we connect to the checked address itself (no second DNS answer); basic-ftp keeps data connections
 * on that same address whatever PASV says. Throws FtpOpenError naming what failed.
 */
export async function openFtp(creds: FtpCredentials, allowPrivate: boolean): Promise<Client> {
  let address: string;
  try {
    const addresses = allowPrivate ? await resolveAll(creds.host) : await publicAddresses(creds.host);
    if (!addresses[0]) throw new FtpOpenError('FTP_UNREACHABLE');
    address = addresses[0];
  } catch (e) {
    if (e instanceof FtpOpenError) throw e;
    throw new FtpOpenError(
      e instanceof TargetAddressError && e.refused ? 'ADDRESS_REFUSED' : 'FTP_UNREACHABLE',
    );
  }
  const client = new Client(FTP_TIMEOUT_MS);
  try {
    await client.access({
      host: address,
      port: creds.port,
      user: creds.user,
      password: creds.password,
      secure: creds.protocol === 'ftps',
      secureOptions: address === creds.host ? {} : { servername: creds.host },
    });
    return client;
  } catch (e) {
    client.close();
    throw new FtpOpenError(loginProblem(e, creds.protocol));
  }
}

/** Logs in and lists the base folder in passive mode, and names what failed. */
export async function checkFtp(creds: FtpCredentials, allowPrivate: boolean): Promise<SocialProblem[]> {
  let client: Client;
  try {
    client = await openFtp(creds, allowPrivate);
  } catch (e) {
    if (e instanceof FtpOpenError) return [problem(e.code)];
    throw e;
  }
  try {
    try {
      await client.cd(creds.basePath || '/');
    } catch (e) {
      return [problem(e instanceof FTPError ? 'FTP_PATH_MISSING' : 'FTP_UNREACHABLE')];
    }
    try {
      await client.list();
    } catch {
      return [problem('FTP_PASSIVE_BLOCKED')];
    }
    return [];
  } finally {
    client.close();
  }
}

function loginProblem(e: unknown, protocol: 'ftp' | 'ftps') {
  if (e instanceof FTPError && e.code === 530) return 'FTP_LOGIN_FAILED' as const;
  const text = `${(e as { code?: string }).code ?? ''} ${(e as Error).message ?? ''}`;
  if (protocol === 'ftps' && /TLS|SSL|CERT|certificate|AUTH/i.test(text)) return 'FTP_TLS_FAILED' as const;
  if (e instanceof FTPError && e.code >= 500) return 'FTP_LOGIN_FAILED' as const;
  return 'FTP_UNREACHABLE' as const;
}
