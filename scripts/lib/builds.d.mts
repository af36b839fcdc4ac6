export interface Build {
  name: string;
  inputs: string[];
  output: string;
  stamp: string;
  command: [string, string[]];
}
export const root: string;
export const webBuild: Build;
export const serverBuild: Build;
export function inputsHash(inputs: string[]): string;
export function isFresh(build: Build, hash?: string): boolean;
export function ensureBuilt(
  build: Build,
  options?: { log?: (line: string) => void; force?: boolean },
): boolean;
