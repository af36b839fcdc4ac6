import { ladderTrialArgs } from '@stromwerk/media/abr-args';
import { detectCapabilities } from '@stromwerk/media/capabilities';
import { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { encoderTrial, LadderEncoderChoice } from '../../src/modules/outputs/ladder-encoding';

/**
 * The GPU encoder's trial against this machine's real ffmpeg (issue 34): Debian's ffmpeg lists NVENC,
 * VA-API and QSV, and this machine has no GPU, so every trial must fail with the device's own reason and
 * the ladder stay in software; the same trial with libx264 runs to the end (the arguments are sound).
 */
describe('the ladder encoder trial on this machine', () => {
  it('passes in software, and a listed GPU encoder without its device fails with the reason', async () => {
    expect(await encoderTrial('ffmpeg', ladderTrialArgs('libx264'))).toBeNull();
    const caps = await detectCapabilities();
    const listed = caps.hardwareH264;
    for (const encoder of listed) {
      const reason = await encoderTrial('ffmpeg', ladderTrialArgs(encoder, '/dev/dri/renderD128'));
      expect(reason, encoder).toMatch(/\S/);
      expect(reason, encoder).not.toMatch(/Unrecognized option|Option not found|Invalid option/);
    }

    const info = vi.fn();
    const log = { warn: vi.fn(), info } as unknown as FastifyBaseLogger;
    const choice = new LadderEncoderChoice({
      setting: 'auto',
      device: '/dev/dri/renderD128',
      ffmpegPath: 'ffmpeg',
      media: MediaRuntime.fixed(caps),
      log,
    });
    expect(await choice.choose()).toEqual({ encoder: 'libx264' });
    // One line per listed encoder, naming it and the device's reason (information under `auto`), then
    // the choice.
    const refusals = info.mock.calls.filter(([, msg]) => String(msg).startsWith('GPU encoder failed'));
    expect(refusals.map(([fields]) => fields.encoder)).toEqual(listed);
    expect(refusals.every(([fields]) => /\S/.test(fields.reason))).toBe(true);
  });
});
