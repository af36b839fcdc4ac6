import { describe, expect, it } from 'vitest';
import { ladderTrialArgs, programLadderHls, programLadderLowLatency } from '../src/abr-args';
import { planLadder } from '../src/abr-ladder';
import { capabilitiesFrom } from '../src/capabilities';
import {
  chooseLadderEncoder,
  encodersToTry,
  HARDWARE_ENCODERS,
  LADDER_ENCODER_SETTINGS,
} from '../src/ladder-encoder';

const value = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
const rungs = planLadder(['source', '480p', '360p'], { width: 1280, height: 720 });

describe('encodersToTry', () => {
  it('tries only what ffmpeg lists, in a fixed order, and nothing in software mode', () => {
    const listed = ['h264_vaapi', 'h264_nvenc'];
    expect(encodersToTry('auto', listed)).toEqual(['h264_nvenc', 'h264_vaapi']);
    expect(encodersToTry('software', listed)).toEqual([]);
    expect(encodersToTry('vaapi', listed)).toEqual(['h264_vaapi']);
    expect(encodersToTry('qsv', listed)).toEqual([]);
    // Every setting against every subset of listed encoders: only listed ones, never more than asked.
    for (const setting of LADDER_ENCODER_SETTINGS)
      for (let mask = 0; mask < 2 ** HARDWARE_ENCODERS.length; mask++) {
        const some = HARDWARE_ENCODERS.filter((_, i) => mask & (1 << i));
        const tried = encodersToTry(setting, some);
        expect(tried.every((e) => some.includes(e))).toBe(true);
        expect(tried.length).toBeLessThanOrEqual(setting === 'auto' ? some.length : 1);
      }
  });
});

describe('chooseLadderEncoder', () => {
  it('takes the first encoder whose trial passes and keeps why the others failed', async () => {
    const tried: string[] = [];
    const choice = await chooseLadderEncoder('auto', ['h264_nvenc', 'h264_vaapi', 'h264_qsv'], async (e) => {
      tried.push(e);
      return e === 'h264_nvenc' ? 'Cannot load libcuda.so.1' : null;
    });
    expect(choice).toEqual({
      encoder: 'h264_vaapi',
      refused: [{ encoder: 'h264_nvenc', reason: 'Cannot load libcuda.so.1' }],
    });
    expect(tried).toEqual(['h264_nvenc', 'h264_vaapi']);
  });

  it('stays in software when every trial fails or nothing is listed', async () => {
    const failing = async () => 'No VA display found';
    expect((await chooseLadderEncoder('auto', ['h264_vaapi'], failing)).encoder).toBe('libx264');
    expect((await chooseLadderEncoder('auto', [], failing)).refused).toEqual([]);
  });
});

describe('the ladder with a GPU encoder', () => {
  it('VA-API: the device before the input, frames uploaded after each scale, no B-frames', () => {
    const args = programLadderHls({
      dir: '/h/o',
      latency: 'normal',
      rungs,
      encoder: 'h264_vaapi',
      device: '/dev/dri/renderD129',
    });
    expect(value(args, '-vaapi_device')).toBe('/dev/dri/renderD129');
    expect(args.indexOf('-vaapi_device')).toBeLessThan(args.indexOf('-i'));
    expect(value(args, '-filter_complex')).toBe(
      "[0:v:0]split=2[s0][s1];[s0]scale=-2:'min(480,ih)',format=nv12,hwupload[v0];[s1]scale=-2:'min(360,ih)',format=nv12,hwupload[v1]",
    );
    expect(args.filter((a) => a === 'h264_vaapi')).toHaveLength(2);
    expect(args.filter((a) => a === '-bf')).toHaveLength(2);
    // The copied top rung and the aligned keyframes are the same as in software.
    expect(args.slice(args.indexOf('-filter_complex') + 2, args.indexOf('-filter_complex') + 6)).toEqual([
      '-map',
      '0:v:0',
      '-c:v',
      'copy',
    ]);
    expect(args.filter((a) => a === '-force_key_frames')).toHaveLength(2);
  });

  it('NVENC takes the scaled frames as they are and makes forced keyframes IDR; low latency too', () => {
    const args = programLadderLowLatency(rungs, { encoder: 'h264_nvenc' });
    expect(value(args, '-filter_complex')).not.toContain('hwupload');
    expect(args).not.toContain('-vaapi_device');
    expect(value(args, '-forced-idr')).toBe('1');
    expect(args.filter((a) => /^pipe:[3-9]$/.test(a))).toEqual(['pipe:3', 'pipe:4', 'pipe:5']);
  });

  it('no device options when every rung is copied', () => {
    const only = planLadder(['source'], { width: 1280, height: 720 });
    expect(
      programLadderHls({ dir: '/h', latency: 'normal', rungs: only, encoder: 'h264_vaapi' }),
    ).not.toContain('-vaapi_device');
  });

  it('a trial is the rung’s own filter and encoder over one second of a test picture', () => {
    const args = ladderTrialArgs('h264_qsv');
    expect(value(args, '-init_hw_device')).toBe('qsv=hw:/dev/dri/renderD128');
    expect(value(args, '-t')).toBe('1');
    expect(value(args, '-c:v')).toBe('h264_qsv');
    expect(value(args, '-filter_complex')).toContain('hwupload=extra_hw_frames=64');
    expect(args.slice(-3)).toEqual(['-f', 'null', '-']);
  });
});

describe('capabilities', () => {
  it('lists the GPU encoders ffmpeg was built with', () => {
    const caps = capabilitiesFrom(
      {
        version: 'ffmpeg version 5.1.8',
        encoders: ' V....D h264_nvenc  NVIDIA\n V..... h264_qsv  QSV\n V..... libx264  H.264\n',
        probe: 'ffprobe version 5.1.8',
      },
      { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
    );
    expect(caps.hardwareH264).toEqual(['h264_nvenc', 'h264_qsv']);
    expect(caps.encoders.libx264).toBe(true);
  });
});
