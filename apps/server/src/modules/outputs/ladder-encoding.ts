/**
 * The encoder this process's quality ladders use (issue 34): chosen once ffmpeg's capabilities are known,
 * from LADDER_ENCODER and the GPU encoders ffmpeg lists, by a trial of each (ladder-encoder.ts). Until
 * then, and wherever no trial passes, libx264: the software path, the tested default.
 */
import { execFile } from 'node:child_process';
import { type LadderEncoding, ladderTrialArgs } from '@stromwerk/media/abr-args';
import { chooseLadderEncoder, type LadderEncoderSetting } from '@stromwerk/media/ladder-encoder';
import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';

/** A trial encodes one second; on a busy machine that may take several. */
const TRIAL_TIMEOUT_MS = 30_000;

export class LadderEncoderChoice {
  current: LadderEncoding = { encoder: 'libx264' };

  constructor(
    private readonly o: {
      setting: LadderEncoderSetting;
      device: string;
      ffmpegPath: string;
      media: MediaRuntime;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Waits for ffmpeg's capabilities, then tries the listed GPU encoders; never rejects. */
  async choose(): Promise<LadderEncoding> {
    const { media, setting, device, ffmpegPath, log } = this.o;
    await media.settled();
    if (!media.ready) return this.current;
    const listed = media.capabilities.hardwareH264;
    const choice = await chooseLadderEncoder(setting, listed, (encoder) =>
      encoderTrial(ffmpegPath, ladderTrialArgs(encoder, device)),
    );
    this.current = choice.encoder === 'libx264' ? this.current : { encoder: choice.encoder, device };
    // Asked for by name, a failed trial is a warning; under `auto` it is what a server without a GPU
    // says at every start (Debian's ffmpeg lists all three), so information.
    const say = setting === 'auto' ? log.info.bind(log) : log.warn.bind(log);
    for (const { encoder, reason } of choice.refused)
      say({ encoder, reason }, 'GPU encoder failed its trial: quality ladders encode in software');
    log.info({ encoder: choice.encoder, setting, listed }, 'quality ladder encoder');
    return this.current;
  }
}

/** Runs a trial: null when ffmpeg ended with 0, else its first lines of error (the device's reason). */
export function encoderTrial(ffmpegPath: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(ffmpegPath, args, { timeout: TRIAL_TIMEOUT_MS }, (err, _stdout, stderr) => {
      if (!err) return resolve(null);
      const said = String(stderr).trim().split('\n').slice(0, 2).join(' ').slice(0, 300);
      resolve(said || err.message.split('\n')[0]!);
    });
  });
}
