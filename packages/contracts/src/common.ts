import { z } from 'zod';
import { NAME_MAX_LENGTH } from './limits';
import { DEFAULT_PAGE_SIZE, failureCauses, MAX_PAGE_SIZE } from './values';

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

/** Most ids one bulk request takes (one page of a list screen and then some). */
export const BULK_MAX = 200;
/**
 * A bulk request (issue 11): the ids a list screen selected, 1 to BULK_MAX distinct uuids. Bulk operations
 * are all-or-nothing: every id must exist and allow the operation, checked as the single operation checks
 * it, before anything changes; otherwise the answer is that id's 404 or 403 and nothing has changed.
 */
export const bulkIdsBodySchema = z.strictObject({ ids: z.array(idSchema).min(1).max(BULK_MAX) });
export type BulkIdsBody = z.infer<typeof bulkIdsBodySchema>;
/** What a bulk operation did: the ids it acted on, each once. */
export const bulkResultSchema = z.object({ ids: z.array(idSchema) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Responses carry dates as ISO-8601 strings; the client turns the fields in DATE_FIELDS into Dates. */
export const dateTimeSchema = z.iso.datetime({ offset: true });

export { DATE_FIELDS } from './date-fields';

/**
 * Whether `v` holds a C0 control character or DEL; with `keepBreaks`, tab, line feed and carriage return
 * are allowed.
 */
function hasControl(v: string, keepBreaks: boolean): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 0x7f || (c < 0x20 && !(keepBreaks && (c === 9 || c === 10 || c === 13)))) return true;
  }
  return false;
}

/**
 * Text a client sends: refuses control characters (NUL, escape sequences, bells) that PostgreSQL cannot
 * store or that would garble logs and other viewers' screens. Multi-line text keeps tabs and line breaks.
 */
export const text = () =>
  z.string().refine((v) => !hasControl(v, true), 'must not contain control characters');
/** One line of text: `text()` without line breaks or tabs (names, keys, search terms). */
export const line = () =>
  z.string().refine((v) => !hasControl(v, false), 'must be one line without control characters');

export const nameSchema = line().trim().min(1, 'Required').max(NAME_MAX_LENGTH);

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  search: line().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** Query-string booleans arrive as text. */
export const queryBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

type UpdateShape<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};

/**
 * The body of a partial update (PUT): every field optional and WITHOUT its create-time default. zod's
 * `.partial()` keeps `.default()`, so a PUT of `{ enabled: false }` would come back with every other
 * defaulted field reset; here an absent field stays absent and keeps its stored value.
 */
export function updateBodyOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodObject<UpdateShape<S>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.object(shape) as unknown as z.ZodObject<UpdateShape<S>>;
}

/** Why a target or source failed, for the UI to translate; `lastError` keeps the exact reason. */
export const failureCauseSchema = z.enum(failureCauses);
export type { FailureCause } from './values';
