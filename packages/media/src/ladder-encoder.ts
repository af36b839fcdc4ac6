/**
 * Which H.264 encoder a quality ladder's rungs use (issue 34): libx264 in software, the tested default,
 * or the GPU's encoder when the server has one and LADDER_ENCODER allows it. A hardware encoder is used
 * only after a trial: the same filter tail and encoder arguments the ladder uses, on one second of a test
 * picture, ran to the end on this server. A listed encoder whose device is missing or busy (ffmpeg lists
 * h264_nvenc on every build with NVENC support, GPU or not) fails its trial and the ladder stays in
 * software, with the reason kept for the health report.
 */
import { h264 } from './ffmpeg-args';

export const HARDWARE_ENCODERS = ['h264_nvenc', 'h264_vaapi', 'h264_qsv'] as const;
export type HardwareEncoder = (typeof HARDWARE_ENCODERS)[number];
export type LadderEncoder = 'libx264' | HardwareEncoder;

/** LADDER_ENCODER: `auto` tries the listed hardware encoders in this order, a name tries only that one. */
export const LADDER_ENCODER_SETTINGS = ['auto', 'software', 'nvenc', 'vaapi', 'qsv'] as const;
export type LadderEncoderSetting = (typeof LADDER_ENCODER_SETTINGS)[number];

/** The render node VA-API and QSV open (the first GPU); LADDER_ENCODER_DEVICE overrides it. */
export const DEFAULT_RENDER_DEVICE = '/dev/dri/renderD128';

/** Options before the input: the device the hardware filters upload to. */
export function encoderGlobalArgs(encoder: LadderEncoder, device = DEFAULT_RENDER_DEVICE): string[] {
  if (encoder === 'h264_vaapi') return ['-vaapi_device', device];
  if (encoder === 'h264_qsv') return ['-init_hw_device', `qsv=hw:${device}`, '-filter_hw_device', 'hw'];
  return [];
}

/** What follows a rung's scale filter: VA-API and QSV take frames uploaded to the GPU, as NV12. */
export function encoderFilterTail(encoder: LadderEncoder): string {
  if (encoder === 'h264_vaapi') return ',format=nv12,hwupload';
  if (encoder === 'h264_qsv') return ',format=nv12,hwupload=extra_hw_frames=64';
  return '';
}

/**
 * One rung's encoder and rate control: constant bitrate capped at `kbps` as libx264's, no B-frames
 * (players join and switch at keyframes; LL-HLS parts stay small), keyframes only where forced (the
 * caller's -force_key_frames; NVENC needs -forced-idr for them to be IDR frames).
 */
export function encoderArgs(encoder: LadderEncoder, kbps: number): string[] {
  if (encoder === 'libx264') return h264(kbps);
  const rate = ['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`, '-bf', '0'];
  if (encoder === 'h264_nvenc')
    return [
      '-c:v',
      'h264_nvenc',
      '-preset',
      'p4',
      '-tune',
      'll',
      '-pix_fmt',
      'yuv420p',
      '-forced-idr',
      '1',
      ...rate,
    ];
  if (encoder === 'h264_vaapi') return ['-c:v', 'h264_vaapi', '-rc_mode', 'CBR', ...rate];
  return ['-c:v', 'h264_qsv', '-preset', 'veryfast', ...rate];
}

/** The hardware encoders to try, in order, for a setting and what ffmpeg lists. */
export function encodersToTry(setting: LadderEncoderSetting, listed: readonly string[]): HardwareEncoder[] {
  if (setting === 'software') return [];
  const wanted = setting === 'auto' ? HARDWARE_ENCODERS : ([`h264_${setting}`] as HardwareEncoder[]);
  return wanted.filter((e) => listed.includes(e));
}

export interface EncoderChoice {
  encoder: LadderEncoder;
  /** Each hardware encoder tried, and why it was not taken. */
  refused: { encoder: HardwareEncoder; reason: string }[];
}

/**
 * The first hardware encoder whose trial succeeds, else libx264. `trial` runs the encoder's trial
 * (abr-args.ts: ladderTrialArgs) and resolves to null on success or the reason it failed.
 */
export async function chooseLadderEncoder(
  setting: LadderEncoderSetting,
  listed: readonly string[],
  trial: (encoder: HardwareEncoder) => Promise<string | null>,
): Promise<EncoderChoice> {
  const refused: EncoderChoice['refused'] = [];
  for (const encoder of encodersToTry(setting, listed)) {
    const reason = await trial(encoder);
    if (reason === null) return { encoder, refused };
    refused.push({ encoder, reason });
  }
  return { encoder: 'libx264', refused };
}
