import type { Access } from '@stromwerk/contracts/api/route';
import { tableAccess } from '@stromwerk/contracts/api/tables';

/**
 * The access every operation of docs/openapi.json requires, keyed `METHOD /path` as the document writes
 * it. The generated matrix fails for an operation missing here, so a new route must be declared. The
 * rules are explained on `Access` in packages/contracts/src/api/route.ts.
 */
export type Rule = Access;

/** Every operation is in the route table: its access is declared once, in packages/contracts/src/api. */
export const ACCESS: Record<string, Rule> = tableAccess();
