/**
 * The check of an all-or-nothing bulk operation (issue 11): every id, each once and in the order given, goes
 * through `check`, the same existence and access check the single operation makes, before anything changes.
 * The first refusal (404 for an id that does not exist or belongs to another tenant, 403 for a missing
 * permission) is thrown as is, so a foreign id is answered exactly as by the single route.
 */
export async function checkEach<T>(ids: readonly string[], check: (id: string) => Promise<T>): Promise<T[]> {
  const rows: T[] = [];
  for (const id of new Set(ids)) rows.push(await check(id));
  return rows;
}
