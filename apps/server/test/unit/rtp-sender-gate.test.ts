import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { RtpProgramSource } from '../../src/modules/realtime/rtp-program-source';
import { RtpSenderGate } from '../../src/modules/realtime/rtp-sender-gate';

const packet = (n: number) => Buffer.from([0x80, 96, 0, n, 0, 0, 0, 0, 0, 0, 0, 1, n]);

describe('RtpSenderGate', () => {
  it('holds a new sender’s packets until its owner is known, then passes ours in order', async () => {
    let answer = (_uid: number | null) => {};
    const gate = new RtpSenderGate(() => new Promise((r) => (answer = r)), 1000);
    const passed: number[] = [];
    for (const n of [1, 2, 3]) gate.admit(5000, packet(n), (p) => passed.push(p[3]!));
    expect(passed).toEqual([]);
    answer(1000);
    await new Promise((r) => setImmediate(r));
    gate.admit(5000, packet(4), (p) => passed.push(p[3]!));
    expect(passed).toEqual([1, 2, 3, 4]);
  });

  it('drops every packet of another user’s socket, and of one it cannot find', async () => {
    const owners: Record<number, number | null> = { 6000: 65534, 6001: null };
    const gate = new RtpSenderGate(async (port) => owners[port]!, 1000);
    const passed: Buffer[] = [];
    for (const port of [6000, 6001])
      for (const n of [1, 2]) gate.admit(port, packet(n), (p) => passed.push(p));
    await new Promise((r) => setImmediate(r));
    gate.admit(6000, packet(3), (p) => passed.push(p));
    expect(passed).toEqual([]);
    expect(gate.refused).toBe(5);
  });
});

describe('RtpProgramSource on this machine', () => {
  it('forwards datagrams of our own user’s socket (owner read from /proc/net/udp)', async () => {
    const source = new RtpProgramSource();
    const ports = await source.listen();
    const got: number[] = [];
    source.subscribe((kind, p) => kind === 'video' && got.push(p.length));
    const sock = createSocket('udp4');
    for (let n = 0; n < 3; n++) sock.send(packet(n), ports.video, '127.0.0.1');
    await expect.poll(() => got.length).toBe(3);
    sock.close();
    source.close();
  });

  // Another local user sends to the loopback port: nothing reaches the viewers. Only root can start a
  // process as another user here; CI runs as root.
  it.skipIf(process.getuid?.() !== 0)('drops datagrams a process of another user sends', async () => {
    const source = new RtpProgramSource();
    const ports = await source.listen();
    const got: Buffer[] = [];
    source.subscribe((_kind, p) => got.push(p));
    const script = `const s=require('node:dgram').createSocket('udp4');let n=0;const t=setInterval(()=>{s.send(Buffer.from([0x80,96,0,n++,0,0,0,0,0,0,0,1]),${ports.video},'127.0.0.1');if(n===20){clearInterval(t);setTimeout(()=>s.close(),200)}},10)`;
    const child = spawn(process.execPath, ['-e', script], { uid: 65534, gid: 65534 });
    await new Promise((r) => child.once('exit', r));
    expect(got).toEqual([]);
    expect(source.gate.refused).toBeGreaterThan(0);
    source.close();
  });
});
