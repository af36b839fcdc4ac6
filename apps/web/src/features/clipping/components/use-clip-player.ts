import type HlsType from 'hls.js';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { session } from '../../../lib/session';
import type { ClipSource } from '../clip-range';

const RETRY_MS = 3000;

/**
 * Plays what is being clipped in a <video>: a player's DVR playlist through hls.js (its light build,
 * loaded lazily like the public player's) or a media's file directly. `position()` and `seek()` speak the
 * editor's axis: wall-clock epoch ms for a DVR (hls.js `playingDate`, the program date-time of the
 * playhead), ms from the start for a media.
 */
export function useClipPlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: ClipSource | null,
  src: string | null,
  /** The newest playlist address (its viewer token expires): a restart after a fatal error takes it. */
  latestSrc?: () => string | null,
) {
  const latest = useRef(latestSrc);
  latest.current = latestSrc;
  const hlsRef = useRef<HlsType | null>(null);
  // Wall-clock ms at currentTime 0: the last mapping hls.js gave us, for seeking by wall-clock time.
  const offsetRef = useRef<number | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const dvr = source?.kind === 'output';

  const read = useCallback((): number | null => {
    const video = videoRef.current;
    if (!video) return null;
    if (!dvr) return video.currentTime * 1000;
    const date = hlsRef.current?.playingDate ?? startDateOf(video);
    if (date && !Number.isNaN(date.getTime())) {
      offsetRef.current = date.getTime() - video.currentTime * 1000;
      return date.getTime();
    }
    return offsetRef.current === null ? null : offsetRef.current + video.currentTime * 1000;
  }, [videoRef, dvr]);

  const seek = useCallback(
    (at: number) => {
      const video = videoRef.current;
      if (!video) return;
      if (!dvr) {
        video.currentTime = Math.max(0, at / 1000);
      } else {
        read();
        if (offsetRef.current === null) return;
        video.currentTime = Math.max(0, (at - offsetRef.current) / 1000);
      }
      setPosition(at);
    },
    [videoRef, dvr, read],
  );

  useEffect(() => {
    const video = videoRef.current;
    offsetRef.current = null;
    setPosition(null);
    setReady(false);
    if (!video || !src) return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const update = () => setPosition(read());
    const onReady = () => {
      setReady(true);
      update();
    };
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    video.addEventListener('loadeddata', onReady);
    const play = () => {
      // Muted, so the browser lets it start on its own; the controls unmute.
      video.muted = true;
      void video.play().catch(() => undefined);
    };

    const start = async (address: string) => {
      if (!dvr) {
        video.src = address;
        return;
      }
      const { default: Hls } = await import('hls.js/light');
      if (stopped) return;
      if (!Hls.isSupported()) {
        video.src = address;
        play();
        return;
      }
      // The DVR address carries a member's token, which the server honours only with that member's login.
      const hls = new Hls({
        lowLatencyMode: false,
        xhrSetup: (xhr) => {
          const token = session.token();
          if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
        },
      });
      hlsRef.current = hls;
      hls.on(Hls.Events.MANIFEST_PARSED, play);
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
          hls.recoverMediaError();
          return;
        }
        hls.destroy();
        hlsRef.current = null;
        retry = setTimeout(() => void start(latest.current?.() ?? address), RETRY_MS);
      });
      hls.loadSource(address);
      hls.attachMedia(video);
    };
    void start(src);

    return () => {
      stopped = true;
      clearTimeout(retry);
      hlsRef.current?.destroy();
      hlsRef.current = null;
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('seeked', update);
      video.removeEventListener('loadeddata', onReady);
      video.removeAttribute('src');
      video.load();
    };
  }, [videoRef, src, dvr, read]);

  return { position, ready, read, seek };
}

/** Safari plays HLS natively and maps currentTime 0 to the first program date-time itself. */
function startDateOf(video: HTMLVideoElement): Date | null {
  const withDate = video as HTMLVideoElement & { getStartDate?: () => Date };
  const date = withDate.getStartDate?.();
  if (!date || Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() + video.currentTime * 1000);
}
