import { describe, expect, it } from 'vitest';
import {
  LadderMeter,
  programLadder,
  vodLadder,
  writerSignature,
} from '../../src/modules/outputs/program-ladder';

const info = {
  formatName: 'flv',
  video: { codec: 'h264', width: 1280, height: 720, fps: 30, bitrateKbps: 2500, profile: 'High' },
  audio: { codec: 'aac', sampleRate: 48000, channels: 2, bitrateKbps: 128 },
};

describe('programLadder', () => {
  it('plans the rungs below the probed source, with its facts for the playlist', () => {
    const { rungs, source } = programLadder({ latency: 'normal', ladder: ['source', '1080p', '360p'] }, info);
    expect(rungs.map((r) => r.name)).toEqual(['source', '360p']);
    expect(source).toEqual({ width: 1280, height: 720, fps: 30, videoKbps: 2500, audioKbps: 128 });
  });

  it('is source only without a ladder and for a row from before the ladder; low latency has one too', () => {
    expect(programLadder({ latency: 'high', ladder: [] }, info).rungs).toEqual([]);
    expect(programLadder({ latency: 'low', ladder: ['source', '360p'] }, info).rungs).toHaveLength(2);
    expect(programLadder({ latency: 'normal' }, null).rungs).toEqual([]);
  });
});

describe('writerSignature', () => {
  it('changes with the latency and the set of rungs, not their order', () => {
    const a = writerSignature({ latency: 'normal', ladder: ['360p', 'source'] });
    expect(writerSignature({ latency: 'normal', ladder: ['source', '360p'] })).toBe(a);
    expect(writerSignature({ latency: 'high', ladder: ['source', '360p'] })).not.toBe(a);
    expect(writerSignature({ latency: 'normal', ladder: ['source'] })).not.toBe(a);
    expect(writerSignature({ latency: 'normal' })).toBe(writerSignature({ latency: 'normal', ladder: [] }));
  });
});

describe('LadderMeter', () => {
  it('adds the seconds each ladder ran, per player, on every tick and at its stop', () => {
    let now = 0;
    const added: [string, number][] = [];
    const meter = new LadderMeter(
      (scope, seconds) => added.push([scope.workspaceId, seconds]),
      () => now,
    );
    meter.start('p1', { corporationId: 'c', workspaceId: 'w1' });
    now = 4000;
    meter.start('p2', { corporationId: 'c', workspaceId: 'w2' });
    now = 10_000;
    meter.tick();
    expect(added).toEqual([
      ['w1', 10],
      ['w2', 6],
    ]);
    now = 12_500;
    meter.stop('p1');
    meter.stop('p1');
    now = 20_000;
    meter.stop('p2');
    expect(added.slice(2)).toEqual([
      ['w1', 2.5],
      ['w2', 10],
    ]);
    meter.tick();
    expect(added).toHaveLength(4);
  });
});

describe('vodLadder', () => {
  const info = {
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    video: { codec: 'h264', width: 1280, height: 720, fps: 30, bitrateKbps: null, profile: 'High' },
    audio: { codec: 'aac', sampleRate: 48000, channels: 2, bitrateKbps: 128 },
  };
  const recording = { info, sizeBytes: 3_000_000, durationMs: 10_000 };

  it('adds the ladder’s rungs below the recording, the recording copied first', () => {
    const l = vodLadder(['480p', '1080p', '240p'], recording)!;
    expect(l.rungs.map((r) => [r.name, r.copy])).toEqual([
      ['source', true],
      ['480p', false],
      ['240p', false],
    ]);
    // The copy's bitrate from the file when the probe has none: 3 MB in 10 s is 2400 kbit/s, less audio.
    expect(l.rungs[0]!.videoKbps).toBe(2272);
  });

  it('adds nothing without a rung below the recording or without its size', () => {
    expect(vodLadder(undefined, recording)).toBeUndefined();
    expect(vodLadder(['source'], recording)).toBeUndefined();
    expect(vodLadder(['1080p'], recording)).toBeUndefined();
    expect(vodLadder(['360p'], { ...recording, info: { ...info, video: null } })).toBeUndefined();
    expect(vodLadder(['360p'], { ...recording, info: null })).toBeUndefined();
  });
});
