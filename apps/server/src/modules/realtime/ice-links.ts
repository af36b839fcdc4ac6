// The ICE servers of WEBRTC_ICE_SERVERS as a WHEP/WHIP answer announces them (RFC 9725 section 4.6: one
// `Link: <url>; rel="ice-server"` each, a TURN server's user and password as `username` / `credential`).
// OBS's WHIP output reads them; the server's own peers use the same list in libdatachannel's form
// (`turn:user:password@host:port?transport=tcp`), which is what the setting holds.

const quoted = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;

/** One Link header value per server. */
export function iceServerLinks(servers: readonly string[] = []): string[] {
  return servers.map((server) => {
    const m = /^(turns?):([^@]+)@(.+)$/.exec(server);
    if (!m) return `<${server}>; rel="ice-server"`;
    const [, scheme, credentials, address] = m as unknown as [string, string, string, string];
    const cut = credentials.indexOf(':');
    const username = decodeURIComponent(cut < 0 ? credentials : credentials.slice(0, cut));
    const credential = cut < 0 ? '' : decodeURIComponent(credentials.slice(cut + 1));
    return `<${scheme}:${address}>; rel="ice-server"; username=${quoted(username)}; credential=${quoted(credential)}; credential-type="password"`;
  });
}
