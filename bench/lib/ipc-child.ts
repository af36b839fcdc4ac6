// A TypeScript file of bench/lib run as a node child with an IPC channel (bench/webrtc-cost.ts,
// bench/whep-viewers.ts): its CPU is its own, apart from the process it measures.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** Starts bench/lib/<file>; pushed to `children` for the caller to kill. `next` waits for a message with `key`. */
export function tsChild(file: string, args: string[], children: ChildProcess[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, file), ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const next = <T>(key: string, ms = 20000) =>
    new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`${file}: no ${key} within ${ms} ms`)), ms);
      const on = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        clearTimeout(t);
        child.off('message', on);
        resolve(m[key] as T);
      };
      child.on('message', on);
    });
  return { child, next, send: (m: object) => child.send(m) };
}

/** The SDP with its ICE candidates on 127.0.0.1 only: no check ever goes to another address. */
export const loopbackOnly = (sdp: string) =>
  sdp
    .split('\r\n')
    .filter((l) => !l.startsWith('a=candidate:') || / 127\.0\.0\.1 \d+ typ /.test(l))
    .join('\r\n');
