import type { Revived } from '@stromwerk/client/dates';
import type { Source } from '@stromwerk/contracts/sources';

/** A source as the client hands it out (date fields may be revived to Date). */
export type SourceItem = Revived<Source>;
