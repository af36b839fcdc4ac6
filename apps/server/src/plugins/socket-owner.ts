import { readFile } from 'node:fs/promises';

const hexPort = (address: string) => Number.parseInt(address.split(':')[1] ?? '', 16);

/**
 * The user id owning the other end of a loopback TCP connection we accepted: the line of
 * /proc/net/tcp whose local port is the peer's port and whose remote port is ours ("sl local_address
 * rem_address st ... uid ..."). Null when no such socket is listed (not Linux, or the peer is gone).
 */
export async function socketOwner(peerPort: number, ourPort: number): Promise<number | null> {
  const table = await socketTable('tcp');
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 8) continue;
    // 01 = ESTABLISHED: an old connection between the same ports may still be listed in TIME_WAIT.
    if (fields[3] !== '01') continue;
    if (hexPort(fields[1]!) === peerPort && hexPort(fields[2]!) === ourPort) return Number(fields[7]);
  }
  return null;
}

/**
 * The user id owning the local UDP socket that sent us a datagram from `port` (the line of
 * /proc/net/udp whose local port it is). Null when none is listed (not Linux, or the socket is closed).
 */
export async function udpSenderOwner(port: number): Promise<number | null> {
  const table = await socketTable('udp');
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length >= 8 && hexPort(fields[1]!) === port) return Number(fields[7]);
  }
  return null;
}

const socketTable = (kind: 'tcp' | 'udp') => readFile(`/proc/net/${kind}`, 'latin1').catch(() => '');
