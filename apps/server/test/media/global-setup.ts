import { ensureBuilt, serverBuild } from '../../../../scripts/lib/builds.mjs';

/**
 * The cluster, chaos and restart tests run the built server bundle (as `npm start` does): built once
 * here, before any file runs, so two test files never build it at the same moment (one would read the
 * other's half-written bundle).
 */
export default function setup() {
  ensureBuilt(serverBuild);
}
