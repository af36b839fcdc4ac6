// A real icecast2 server for tests: installed on demand (root on Debian), configured in a temp folder.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, freePort, waitFor } from './media-helpers';

const has = (bin: string) => {
  try {
    execFileSync('which', [bin], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Installs icecast2 when missing and we are root on Debian; returns why it cannot run, or null. */
export function ensureIcecast(): string | null {
  if (has('icecast2')) return null;
  if (process.getuid?.() !== 0 || !has('apt-get'))
    return 'icecast2 is not installed and cannot be installed here';
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'icecast2'], {
      stdio: 'ignore',
      timeout: 120_000,
      env,
    });
  } catch {
    return 'icecast2 is not installed and `apt-get install icecast2` failed';
  }
  return has('icecast2') ? null : 'icecast2 still missing after apt-get install';
}

export interface IcecastServer {
  port: number;
  stop(): Promise<void>;
}

/** Starts icecast2 on a free loopback port with the given source password; resolves once it answers. */
export async function startIcecast(sourcePassword: string): Promise<IcecastServer> {
  const dir = await mkdtemp(join(tmpdir(), 'stromwerk-icecast-'));
  const port = await freePort();
  // icecast2 drops privileges to this user when started as root (it refuses to run as root without
  // <changeowner>), so nobody must reach the folder (mkdtemp makes it 0700) and write its logs.
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'log'));
  await chmod(join(dir, 'log'), 0o777);
  const changeOwner =
    process.getuid?.() === 0 ? '<changeowner><user>nobody</user><group>nogroup</group></changeowner>' : '';
  await writeFile(
    join(dir, 'icecast.xml'),
    `<icecast>
  <location>test</location><admin>test@localhost</admin><hostname>127.0.0.1</hostname>
  <limits><clients>10</clients><sources>4</sources><source-timeout>5</source-timeout></limits>
  <authentication><source-password>${sourcePassword}</source-password><admin-password>admin-secret</admin-password></authentication>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>${dir}/log</logdir>
    <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>
  <logging><errorlog>-</errorlog><loglevel>1</loglevel></logging>
  <security><chroot>0</chroot>${changeOwner}</security>
</icecast>`,
  );
  const icecast: ChildProcess = spawn('icecast2', ['-c', join(dir, 'icecast.xml')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  icecast.stderr?.on('data', (d: Buffer) => {
    log = (log + d.toString()).slice(-2000);
  });
  await waitFor(
    'icecast2 to answer',
    async () => (await fetch(`http://127.0.0.1:${port}/status-json.xsl`).catch(() => null))?.ok === true,
    10_000,
  ).catch((err: Error) => {
    throw new Error(`${err.message}: ${log}`);
  });
  return {
    port,
    async stop() {
      if (icecast.exitCode === null) {
        icecast.kill('SIGTERM');
        await exited(icecast, 3000);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
