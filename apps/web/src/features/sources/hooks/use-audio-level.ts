import { useEffect, useState } from 'react';
import { loudestLevelPercent } from './audio-level';

/** Ten readings a second: smooth enough for the eye, few enough renders (and aria-valuenow changes). */
export const LEVEL_INTERVAL_MS = 100;

/**
 * The level (0-100) of a microphone track, read with Web Audio's AnalyserNode while the track is set (the
 * loudest block of the last third of a second, so nothing between two readings is missed);
 * 0 without one. The audio graph ends with the track (or the component): its context is closed. A context
 * the autoplay policy keeps suspended resumes on the user's next click or key.
 */
export function useAudioLevel(track: MediaStreamTrack | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    setLevel(0);
    if (!track || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    // 16384 samples: 341 ms at 48 kHz, 170 ms at 96 kHz, more than the time between two readings.
    analyser.fftSize = 16384;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      setLevel(track.enabled ? loudestLevelPercent(samples) : 0);
    }, LEVEL_INTERVAL_MS);
    const resume = () => void context.resume().catch(() => undefined);
    resume();
    document.addEventListener('pointerdown', resume, { once: true });
    document.addEventListener('keydown', resume, { once: true });
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      void context.close().catch(() => undefined);
    };
  }, [track]);
  return level;
}
