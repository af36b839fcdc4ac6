/**
 * hls.js (its light build), fetched once. A module of its own, importing nothing: the player's early
 * start (api/early-start.ts) asks for it before React, and any import here would be a chunk that waits.
 */
let hlsModule: Promise<typeof import('hls.js/light')> | null = null;

export const preloadHls = () => {
  hlsModule ??= import('hls.js/light');
  return hlsModule;
};
