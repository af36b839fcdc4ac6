/**
 * The ladder's files beside the program's own (abr-ladder.ts): the rungs' folders and the multivariant
 * playlist, written before the writer starts; removed when a player goes back to "source only", so the
 * play routes stop offering rungs nobody writes.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LadderSource, MULTIVARIANT_NAME, type PlannedRung, renderMultivariant } from './abr-ladder';

const RUNG_DIR = /^r\d+$/;

export function prepareLadder(dir: string, rungs: readonly PlannedRung[], source: LadderSource = {}) {
  const wanted = new Set(rungs.map((r) => r.dir).filter(Boolean));
  // A folder of a rung no longer in the ladder: its playlist would go on being served, frozen.
  for (const name of rungFolders(dir))
    if (!wanted.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
  for (const name of wanted) mkdirSync(join(dir, name), { recursive: true });
  const tmp = join(dir, `${MULTIVARIANT_NAME}.tmp`);
  writeFileSync(tmp, renderMultivariant(rungs, source));
  renameSync(tmp, join(dir, MULTIVARIANT_NAME));
}

export function dropLadder(dir: string) {
  rmSync(join(dir, MULTIVARIANT_NAME), { force: true });
  for (const name of rungFolders(dir)) rmSync(join(dir, name), { recursive: true, force: true });
}

function rungFolders(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => RUNG_DIR.test(f));
  } catch {
    return [];
  }
}
