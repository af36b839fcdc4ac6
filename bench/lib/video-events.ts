/**
 * Runs in the page (GLASS_EVENTS=1 of bench/glass-to-glass.ts): logs the <video>'s events and every hole
 * in what it has buffered, with the wall clock (ms mod 100 000, as the bench's own lines). This is how
 * the 3 s freezes of issue 18 showed themselves: a 40 ms hole at a discontinuity, `currentTime` running
 * on over it, and `waiting` only about 3 s later.
 */
export const VIDEO_EVENTS = `(() => {
  const watch = (v) => {
  const at = () => Date.now() % 100000;
  const ranges = () =>
    Array.from({ length: v.buffered.length }, (_, i) => v.buffered.start(i).toFixed(2) + '-' + v.buffered.end(i).toFixed(2)).join(' ');
  const events = ['waiting', 'stalled', 'seeking', 'seeked', 'emptied', 'loadstart', 'loadedmetadata', 'loadeddata', 'canplay', 'error', 'playing'];
  for (const e of events)
    v.addEventListener(e, () => console.log(at(), 'video ' + e, v.currentTime.toFixed(2), ranges()));
  let last = '';
  setInterval(() => {
    const r = ranges();
    if (v.buffered.length > 1 && r !== last) console.log(at(), 'hole in buffered', v.currentTime.toFixed(2), r);
    last = r;
  }, 50);
  };
  // An init script, as the bench's clock reader: from the first <video> in the document.
  const found = () => document.querySelector('video');
  if (found()) return watch(found());
  const observer = new MutationObserver(() => {
    if (!found()) return;
    observer.disconnect();
    watch(found());
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;
