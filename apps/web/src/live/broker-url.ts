/**
 * The broker URL as the browser must use it: relative URLs resolve against the page's origin, and a page
 * served over https always gets wss (a proxy that forgot X-Forwarded-Proto must not cause mixed content).
 */
export function brokerUrl(url: string, page: { protocol: string; host: string } | undefined): string {
  if (!page) return url;
  const secure = page.protocol === 'https:';
  if (url.startsWith('/')) return `${secure ? 'wss' : 'ws'}://${page.host}${url}`;
  return secure ? url.replace(/^ws:/, 'wss:') : url;
}

/** crypto.randomUUID exists only in secure contexts; a self-hosted server on plain http over a LAN is not. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
