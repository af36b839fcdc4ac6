import type { Revived } from '@stromwerk/client/dates';
import type { Target } from '@stromwerk/contracts/targets';

/** A target as the client hands it out (date fields may be revived to Date). */
export type TargetItem = Revived<Target>;
