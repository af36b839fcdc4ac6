/** Where a guest was going before login sent them away (a location's state `from`): path, query and hash. */
export function returnTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/(?!\/)/.test(from) && !from.startsWith('/login') ? from : '/';
}
