import { MAX_PAGE_SIZE } from '@stromwerk/contracts/values';

interface PageLike<T> {
  items: T[];
  total: number;
}

/** Lists are paginated (max 200 per page); the switcher and search need the whole list. */
export async function fetchAll<T>(load: (offset: number, limit: number) => Promise<PageLike<T>>) {
  const items: T[] = [];
  for (;;) {
    const page = await load(items.length, MAX_PAGE_SIZE);
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}
