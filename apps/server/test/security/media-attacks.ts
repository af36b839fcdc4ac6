// Crafted media files that make a demuxer read something other than themselves, and a listener that
// counts every request and datagram such a file makes the server send (issue 10, finding 1).
import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** An HTTP server and a UDP socket on loopback that only count what reaches them. */
export async function startRecorder() {
  const requests: string[] = [];
  const datagrams: string[] = [];
  const http = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const udp = createSocket('udp4');
  udp.on('message', (_m, from) => datagrams.push(`${from.address}:${from.port}`));
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
  const httpPort = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${httpPort}`,
    udpPort: udp.address().port,
    requests,
    datagrams,
    reset() {
      requests.length = 0;
      datagrams.length = 0;
    },
    async close() {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
      await new Promise<void>((r) => udp.close(() => r()));
    },
  };
}

/** A tiny file made by ffmpeg from lavfi (1 s, 64x48): `inputs` and codec args, written to `file`. */
export async function lavfi(file: string, args: string[]) {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args, file]);
  return readFile(file);
}

/**
 * A red 1 s clip: the "other tenant's" media whose pixels must never reach the attacker. `flv` makes it
 * H.264/AAC, which an RTMP publish can carry as it is.
 */
export const redClip = (file: string, codecs: 'mpeg4' | 'flv' = 'mpeg4') =>
  lavfi(file, [
    ...[
      '-f',
      'lavfi',
      '-i',
      'color=c=red:size=64x48:rate=10:duration=1',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
    ],
    ...(codecs === 'flv'
      ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
      : ['-c:v', 'mpeg4', '-c:a', 'mp2']),
  ]);

const hls = (target: string) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\n${target}\n#EXT-X-ENDLIST\n`;
const ffconcat = (target: string) => `ffconcat version 1.0\nfile '${target}'\n`;
const sdp = (udpPort: number) =>
  `v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video ${udpPort} RTP/AVP 96\na=rtpmap:96 H264/90000\n`;
const mpd = (baseUrl: string) => `<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
 <Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="1000">
  <BaseURL>${baseUrl}</BaseURL>
 </Representation></AdaptationSet></Period>
</MPD>
`;

export interface AttackFile {
  /** What the test reports. */
  name: string;
  filename: string;
  data: Buffer;
  /** The demuxer the refusal must name. */
  format: string;
}

/** Every reference format, each aimed at another tenant's file, /etc/passwd and the recorder. */
export function referenceFiles(o: {
  victimPath: string;
  recorderUrl: string;
  udpPort: number;
}): AttackFile[] {
  const targets = [
    ['another tenant', o.victimPath],
    ['/etc/passwd', '/etc/passwd'],
    ['loopback http', `${o.recorderUrl}/stolen.ts`],
  ] as const;
  return [
    ...targets.map(([what, t]) => ({
      name: `HLS playlist -> ${what}`,
      filename: 'playlist.m3u8',
      data: Buffer.from(hls(t)),
      format: 'hls',
    })),
    ...targets.map(([what, t]) => ({
      name: `ffconcat list -> ${what}`,
      filename: 'list.ffconcat',
      data: Buffer.from(ffconcat(t)),
      format: 'concat',
    })),
    ...targets.map(([what, t]) => ({
      name: `DASH manifest -> ${what}`,
      filename: 'manifest.mpd',
      data: Buffer.from(mpd(t.startsWith('/') ? `file:${t}` : t)),
      format: 'dash',
    })),
    {
      name: 'SDP -> RTP on loopback',
      filename: 'session.sdp',
      data: Buffer.from(sdp(o.udpPort)),
      format: 'sdp',
    },
  ];
}

/**
 * An MP4 whose track samples live in another file: the 'url ' entry of its data reference box becomes a
 * Mac alias record (mov.c's 'alis', type 2 = absolute path) naming `path`. Box sizes up the chain grow;
 * the moov is at the end, so no sample offset moves.
 */
export function withExternalDref(mp4: Buffer, path: string): Buffer {
  const chain: { at: number; size: number }[] = [];
  const find = (start: number, end: number): boolean => {
    for (let i = start; i < end; ) {
      const size = mp4.readUInt32BE(i);
      const type = mp4.toString('latin1', i + 4, i + 8);
      if (type === 'dref') return chain.push({ at: i, size }) > 0;
      if (['moov', 'trak', 'mdia', 'minf', 'dinf'].includes(type)) {
        chain.push({ at: i, size });
        if (find(i + 8, i + size)) return true;
        chain.pop();
      }
      i += size;
    }
    return false;
  };
  if (!find(0, mp4.length)) throw new Error('no dref box in the MP4');
  const target = Buffer.from(path, 'latin1');
  const padded = Buffer.concat([target, Buffer.alloc(target.length % 2)]);
  const record = Buffer.alloc(150);
  record.writeUInt16BE(1, 130); // nlvl_from
  record.writeUInt16BE(1, 132); // nlvl_to
  const pathHead = Buffer.alloc(4);
  pathHead.writeUInt16BE(2, 0);
  pathHead.writeUInt16BE(target.length, 2);
  const alias = Buffer.concat([record, pathHead, padded, Buffer.from([0xff, 0xff, 0, 0])]);
  const entryHead = Buffer.alloc(12);
  entryHead.writeUInt32BE(12 + alias.length, 0);
  entryHead.write('alis', 4, 'latin1');
  const entry = Buffer.concat([entryHead, alias]);
  const drefHead = Buffer.alloc(16);
  drefHead.writeUInt32BE(16 + entry.length, 0);
  drefHead.write('dref', 4, 'latin1');
  drefHead.writeUInt32BE(1, 12);
  const dref = Buffer.concat([drefHead, entry]);
  const last = chain.at(-1)!;
  const out = Buffer.concat([mp4.subarray(0, last.at), dref, mp4.subarray(last.at + last.size)]);
  const delta = dref.length - last.size;
  for (const box of chain.slice(0, -1)) out.writeUInt32BE(box.size + delta, box.at);
  return out;
}
