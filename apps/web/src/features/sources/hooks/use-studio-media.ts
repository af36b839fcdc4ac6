import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The studio's capture: camera and microphone (asked for together on arrival, one prompt), the devices to
 * choose from (their labels are readable only after that permission), a screen share that takes the
 * camera's place in the picture until it ends, and camera-off / mute, which keep the tracks (viewers get
 * black or silence, and nothing is renegotiated). Every track opened here is stopped when the page goes.
 */
export type MediaStatus = 'starting' | 'ready' | 'denied' | 'no-devices' | 'unsupported' | 'failed';

const VIDEO: MediaTrackConstraints = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 30 },
};
const AUDIO: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true };

const mediaDevices = (): MediaDevices | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;

/** What a refused getUserMedia means for the user (spec names: NotAllowedError, NotFoundError, ...). */
export function mediaStatusOf(error: unknown): MediaStatus {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-devices';
  return 'failed';
}

/** Camera and microphone in one prompt; when one kind is missing, whichever there is. */
async function openCamera(md: MediaDevices): Promise<MediaStream> {
  try {
    return await md.getUserMedia({ video: VIDEO, audio: AUDIO });
  } catch (error) {
    if (mediaStatusOf(error) !== 'no-devices') throw error;
    const tries = await Promise.allSettled([
      md.getUserMedia({ video: VIDEO }),
      md.getUserMedia({ audio: AUDIO }),
    ]);
    const tracks = tries.flatMap((r) => (r.status === 'fulfilled' ? r.value.getTracks() : []));
    if (tracks.length === 0) throw error;
    return new MediaStream(tracks);
  }
}

/** Notes a track opened here (stopped when the page goes); null for none. */
function keep(open: Set<MediaStreamTrack>, track: MediaStreamTrack | undefined) {
  if (track) open.add(track);
  return track ?? null;
}

export function useStudioMedia() {
  const [status, setStatus] = useState<MediaStatus>('starting');
  const [failure, setFailure] = useState('');
  const [switchError, setSwitchError] = useState('');
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [camera, setCamera] = useState<MediaStreamTrack | null>(null);
  const [microphone, setMicrophone] = useState<MediaStreamTrack | null>(null);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const [cameraOff, setCameraOff] = useState(false);
  const [muted, setMuted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const open = useRef(new Set<MediaStreamTrack>());

  const own = (track: MediaStreamTrack | undefined) => keep(open.current, track);
  const drop = (track: MediaStreamTrack | null) => {
    if (!track) return;
    track.stop();
    open.current.delete(track);
  };
  const stopAll = useCallback(() => {
    for (const track of open.current) track.stop();
    open.current.clear();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the user's "Try again"
  useEffect(() => {
    const md = mediaDevices();
    if (!md?.getUserMedia || typeof RTCPeerConnection === 'undefined') {
      setStatus('unsupported');
      return;
    }
    let cancelled = false;
    setStatus('starting');
    const list = () =>
      md.enumerateDevices().then(
        (all) => !cancelled && setDevices(all),
        () => undefined,
      );
    openCamera(md).then(
      async (stream) => {
        if (cancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        setCamera(keep(open.current, stream.getVideoTracks()[0]));
        setMicrophone(keep(open.current, stream.getAudioTracks()[0]));
        await list();
        setStatus('ready');
      },
      (error: unknown) => {
        if (cancelled) return;
        setFailure((error as Error)?.message ?? String(error));
        setStatus(mediaStatusOf(error));
      },
    );
    md.addEventListener?.('devicechange', list);
    return () => {
      cancelled = true;
      md.removeEventListener?.('devicechange', list);
    };
  }, [attempt]);

  useEffect(() => stopAll, [stopAll]);
  useEffect(() => {
    if (camera) camera.enabled = !cameraOff;
  }, [camera, cameraOff]);
  useEffect(() => {
    if (microphone) microphone.enabled = !muted;
  }, [microphone, muted]);

  const retry = () => {
    stopAll();
    setCamera(null);
    setMicrophone(null);
    setScreen(null);
    setAttempt((n) => n + 1);
  };

  /** Another camera or microphone: the old one stops first (phones cannot open two cameras at once). */
  const choose = async (kind: 'video' | 'audio', deviceId: string) => {
    const md = mediaDevices();
    if (!md) return;
    setSwitchError('');
    drop(kind === 'video' ? camera : microphone);
    const constraints = { ...(kind === 'video' ? VIDEO : AUDIO), deviceId: { exact: deviceId } };
    try {
      const stream = await md.getUserMedia(
        kind === 'video' ? { video: constraints } : { audio: constraints },
      );
      if (kind === 'video') setCamera(own(stream.getVideoTracks()[0]));
      else setMicrophone(own(stream.getAudioTracks()[0]));
    } catch (error) {
      if (kind === 'video') setCamera(null);
      else setMicrophone(null);
      setSwitchError((error as Error)?.message ?? String(error));
    }
  };

  const canShare = Boolean(mediaDevices()?.getDisplayMedia);
  const toggleShare = async () => {
    if (screen) {
      drop(screen);
      setScreen(null);
      return;
    }
    const md = mediaDevices();
    if (!md?.getDisplayMedia) return;
    setSwitchError('');
    try {
      const stream = await md.getDisplayMedia({ video: { frameRate: { ideal: 30 } }, audio: false });
      const track = own(stream.getVideoTracks()[0]);
      if (!track) return;
      track.contentHint = 'detail';
      // The browser's own "Stop sharing" ends the track: the picture returns to the camera.
      track.addEventListener('ended', () => {
        open.current.delete(track);
        setScreen((s) => (s === track ? null : s));
      });
      setScreen(track);
    } catch (error) {
      // Cancelling the browser's picker is no error worth showing.
      if (mediaStatusOf(error) !== 'denied') setSwitchError((error as Error)?.message ?? String(error));
    }
  };

  return {
    status,
    failure,
    switchError,
    retry,
    cameras: devices.filter((d) => d.kind === 'videoinput'),
    microphones: devices.filter((d) => d.kind === 'audioinput'),
    camera,
    microphone,
    cameraId: camera?.getSettings().deviceId ?? '',
    microphoneId: microphone?.getSettings().deviceId ?? '',
    chooseCamera: (id: string) => choose('video', id),
    chooseMicrophone: (id: string) => choose('audio', id),
    cameraOff,
    setCameraOff,
    muted,
    setMuted,
    screen,
    canShare,
    toggleShare,
    /** What viewers see: the shared screen while there is one, else the camera. */
    video: screen ?? camera,
  };
}

export type StudioMedia = ReturnType<typeof useStudioMedia>;
