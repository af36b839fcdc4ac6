import { useCallback, useEffect, useRef, useState } from 'react';
import { CONNECT_DEADLINE_MS, PublishError } from './whip-offer';
import { type PublishTracks, WhipPublisher } from './whip-publisher';

export type PublishPhase = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface PublishState {
  phase: PublishPhase;
  /** Why it failed: PublishError (the browser's side), ApiError or GenericError (the server's answer). */
  error: unknown;
}

const IDLE: PublishState = { phase: 'idle', error: null };

/**
 * Start and stop of the studio's publish (one WhipPublisher at a time), and its state for the screen.
 * The tracks may change while live: they are swapped into the running publish. Leaving the page (unmount,
 * or `pagehide` where React runs no cleanup) ends the publish on the server at once; otherwise the server
 * would notice only when ICE consent fails, some 30 s later.
 */
export function useWhipPublish({
  endpoint,
  token,
  video,
  audio,
}: PublishTracks & { endpoint: string; token: string | undefined }) {
  const [state, setState] = useState<PublishState>(IDLE);
  const current = useRef<WhipPublisher | null>(null);
  const tracks = useRef<PublishTracks>({ video, audio });
  tracks.current = { video, audio };

  useEffect(() => {
    void current.current?.replace('video', video).catch(() => undefined);
  }, [video]);
  useEffect(() => {
    void current.current?.replace('audio', audio).catch(() => undefined);
  }, [audio]);

  useEffect(() => {
    const leave = () => {
      current.current?.stop(true);
      current.current = null;
      setState(IDLE); // a page restored from the back/forward cache shows what is true: not sending
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  const stop = useCallback(() => {
    current.current?.stop();
    current.current = null;
    setState(IDLE);
  }, []);

  const start = useCallback(async () => {
    if (!token || current.current) return;
    const publisher = new WhipPublisher(endpoint, token, tracks.current);
    current.current = publisher;
    const mine = () => current.current === publisher;
    const fail = (error: unknown) => {
      if (!mine()) return;
      publisher.stop();
      current.current = null;
      setState({ phase: 'failed', error });
    };
    let deadline: ReturnType<typeof setTimeout> | undefined;
    publisher.pc.addEventListener('connectionstatechange', () => {
      const s = publisher.pc.connectionState;
      if (!mine()) return;
      if (s === 'connected') {
        clearTimeout(deadline);
        setState({ phase: 'live', error: null });
      } else if (s === 'disconnected') setState({ phase: 'reconnecting', error: null });
      else if (s === 'failed') fail(new PublishError('connect'));
    });
    setState({ phase: 'connecting', error: null });
    try {
      await publisher.publish();
    } catch (error) {
      fail(error);
      return;
    }
    if (!mine() || publisher.pc.connectionState === 'connected') return;
    deadline = setTimeout(() => {
      if (publisher.pc.connectionState !== 'connected') fail(new PublishError('connect'));
    }, CONNECT_DEADLINE_MS);
  }, [endpoint, token]);

  return { ...state, start, stop };
}
