import { execFile } from 'node:child_process';
import { HARDWARE_ENCODERS, type HardwareEncoder } from './ladder-encoder';

export interface MediaCapabilities {
  ffmpeg: boolean;
  ffprobe: boolean;
  version: string | null;
  protocols: { rtmp: boolean; srt: boolean; icecast: boolean };
  encoders: { libx264: boolean; aac: boolean; libmp3lame: boolean };
  /** GPU H.264 encoders this ffmpeg was built with (listed; whether a device works is a trial's). */
  hardwareH264: HardwareEncoder[];
  filters: { drawtext: boolean };
  /** What is off and why, in words for health and the UI; empty when everything works. */
  missing: string[];
}

/**
 * How one run of a probe ended. Only `not-found` (the binary is not there or cannot be executed) is an
 * answer; a time-out or a crash says nothing about what ffmpeg can do (issue 29: on a busy machine the
 * old probe turned time-outs into "ffmpeg not found" for the process's whole life).
 */
export type ProbeRun =
  | { ok: true; stdout: string }
  | { ok: false; kind: 'not-found' | 'timed-out' | 'failed'; message: string };

export function runProbe(bin: string, args: string[], timeoutMs: number): Promise<ProbeRun> {
  return new Promise((resolve) => {
    execFile(bin, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) => {
      if (!err) return resolve({ ok: true, stdout });
      const e = err as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null };
      if (e.code === 'ENOENT' || e.code === 'EACCES')
        return resolve({ ok: false, kind: 'not-found', message: `${bin}: ${e.code}` });
      if (e.killed || e.signal === 'SIGTERM')
        return resolve({
          ok: false,
          kind: 'timed-out',
          message: `${bin} ${args.join(' ')}: no answer in ${timeoutMs} ms`,
        });
      resolve({
        ok: false,
        kind: 'failed',
        message: `${bin} ${args.join(' ')}: ${e.message.split('\n')[0]}`,
      });
    });
  });
}

const listed = (text: string | undefined, name: string) =>
  !!text && new RegExp(`(^|\\s)${name}(\\s|$)`, 'm').test(text);

/** The five questions asked of the system's ffmpeg and ffprobe. */
export const PROBES = {
  version: ['ffmpeg', ['-hide_banner', '-version']],
  protocols: ['ffmpeg', ['-hide_banner', '-protocols']],
  encoders: ['ffmpeg', ['-hide_banner', '-encoders']],
  filters: ['ffmpeg', ['-hide_banner', '-filters']],
  probe: ['ffprobe', ['-hide_banner', '-version']],
} as const;
export type ProbeName = keyof typeof PROBES;

/** Capabilities from the answers: `undefined` for a binary that is not there. */
export function capabilitiesFrom(
  answers: Partial<Record<ProbeName, string>>,
  paths: { ffmpeg: string; ffprobe: string },
): MediaCapabilities {
  const caps: MediaCapabilities = {
    ffmpeg: answers.version !== undefined,
    ffprobe: answers.probe !== undefined,
    version: answers.version?.match(/ffmpeg version (\S+)/)?.[1] ?? null,
    protocols: {
      rtmp: listed(answers.protocols, 'rtmp'),
      srt: listed(answers.protocols, 'srt'),
      icecast: listed(answers.protocols, 'icecast'),
    },
    encoders: {
      libx264: listed(answers.encoders, 'libx264'),
      aac: listed(answers.encoders, 'aac'),
      libmp3lame: listed(answers.encoders, 'libmp3lame'),
    },
    hardwareH264: HARDWARE_ENCODERS.filter((e) => listed(answers.encoders, e)),
    filters: { drawtext: listed(answers.filters, 'drawtext') },
    missing: [],
  };
  if (!caps.ffmpeg)
    caps.missing.push(`ffmpeg not found (${paths.ffmpeg}): streaming, recording and rendering are off`);
  else {
    if (!caps.ffprobe) caps.missing.push(`ffprobe not found (${paths.ffprobe}): media probing is off`);
    if (!caps.protocols.srt) caps.missing.push('ffmpeg lacks SRT: SRT ingest and SRT targets are off');
    if (!caps.protocols.rtmp) caps.missing.push('ffmpeg lacks RTMP: RTMP targets are off');
    if (!caps.protocols.icecast) caps.missing.push('ffmpeg lacks Icecast: Icecast targets are off');
    if (!caps.encoders.libx264) caps.missing.push('ffmpeg lacks libx264: rendering to MP4 is off');
  }
  return caps;
}

/** Nothing works: the capabilities of a process whose ffmpeg has not answered yet. */
export function noCapabilities(why: string): MediaCapabilities {
  return { ...capabilitiesFrom({}, { ffmpeg: '', ffprobe: '' }), missing: [why] };
}

/**
 * One detection round, waiting for every answer (tests, benches, scripts). The server uses
 * `MediaRuntime`, which retries what did not answer instead of taking it for an absence.
 */
export async function detectCapabilities(
  ffmpegPath = 'ffmpeg',
  ffprobePath = 'ffprobe',
  timeoutMs = 10_000,
): Promise<MediaCapabilities> {
  const paths = { ffmpeg: ffmpegPath, ffprobe: ffprobePath };
  const answers: Partial<Record<ProbeName, string>> = {};
  await Promise.all(
    (Object.keys(PROBES) as ProbeName[]).map(async (name) => {
      const [bin, args] = PROBES[name];
      const run = await runProbe(paths[bin], [...args], timeoutMs);
      if (run.ok) answers[name] = run.stdout;
    }),
  );
  return capabilitiesFrom(answers, paths);
}
