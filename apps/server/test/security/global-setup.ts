import { ensureBuilt, serverBuild, webBuild } from '../../../../scripts/lib/builds.mjs';

/**
 * The headers and production-start tests need the built web app and server bundle: built once here
 * when missing or stale (scripts/lib/builds.mjs), so scripts/test-e2e.mjs later finds them fresh.
 */
export default function setup() {
  ensureBuilt(webBuild);
  ensureBuilt(serverBuild);
}
