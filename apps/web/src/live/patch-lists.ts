/**
 * In-place updates of cached lists from a live message, whatever shape the list query keeps: a plain
 * array, a page (`{ items }`) or an infinite query (`{ pages: [{ items }] }`). Message payloads are JSON,
 * so their date fields are revived first, as the API client does for responses.
 */
import { reviveDates } from '@stromwerk/client/dates';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

interface Identified {
  id: string;
}
type Edit = (items: Identified[]) => Identified[];

function editList(data: unknown, edit: Edit, single?: (item: Identified) => Identified): unknown {
  if (Array.isArray(data)) return edit(data as Identified[]);
  if (typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.pages))
    return { ...record, pages: record.pages.map((page) => editList(page, edit, single)) };
  if (Array.isArray(record.items)) return { ...record, items: edit(record.items as Identified[]) };
  // A detail query of the item itself.
  if (single && typeof record.id === 'string') return single(record as unknown as Identified);
  return data;
}

/** Replaces the item with the same id in every list (and detail) under `key`; false when none held it. */
export function patchListItem(queryClient: QueryClient, key: QueryKey, item: Identified): boolean {
  const next = reviveDates(item) as Identified;
  let found = false;
  const replace = (current: Identified) => {
    if (current.id !== next.id) return current;
    found = true;
    return { ...current, ...next };
  };
  queryClient.setQueriesData({ queryKey: key }, (data: unknown) =>
    editList(data, (items) => items.map(replace), replace),
  );
  return found;
}

/** Drops the item from every list under `key` (totals are fixed by the refetch that follows). */
export function removeListItem(queryClient: QueryClient, key: QueryKey, id: string) {
  queryClient.setQueriesData({ queryKey: key }, (data: unknown) =>
    editList(data, (items) => items.filter((item) => item.id !== id)),
  );
}
