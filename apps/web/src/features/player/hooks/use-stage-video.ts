/**
 * The stage's <video> element, kept out of React's hands so that the page's early start
 * (early-playback.ts), playing before React rendered, goes on playing in the stage's frame: the element
 * is moved, not replaced (a media element moved within the document keeps playing). Without an early
 * start it is a new element. The stage renders `host`; `video` is the element's ref for the hooks.
 */
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { createStageVideo, takeEarlyVideo } from './early-playback';

export function useStageVideo(
  host: RefObject<HTMLElement | null>,
  { controls, label }: { controls: boolean; label: string },
) {
  const video = useRef<HTMLVideoElement | null>(null);
  useLayoutEffect(() => {
    const element = video.current ?? takeEarlyVideo() ?? createStageVideo();
    video.current = element;
    host.current?.append(element);
    return () => element.remove();
  }, [host]);
  useLayoutEffect(() => {
    const element = video.current;
    if (!element) return;
    element.controls = controls;
    element.setAttribute('aria-label', label);
  }, [controls, label]);
  return video;
}
