import type { Permission } from '@stromwerk/contracts/permissions';
import { permissions as ordered } from '@stromwerk/contracts/permissions';

/** admin includes write, write includes read: a set is expanded to everything it implies. */
export function expand(perms: readonly string[]): Permission[] {
  const top = Math.max(-1, ...perms.map((p) => ordered.indexOf(p as Permission)));
  return ordered.slice(0, top + 1);
}

export const grants = (perms: readonly string[], need: Permission) => expand(perms).includes(need);

export const union = (...sets: readonly (readonly string[])[]) => expand(sets.flat());
