import type { Revived } from '@stromwerk/client/dates';
import type { Output } from '@stromwerk/contracts/outputs';

/** A player & recorder as the client hands it out (date fields may be revived to Date). */
export type OutputItem = Revived<Output>;
