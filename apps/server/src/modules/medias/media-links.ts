import { createHmac, timingSafeEqual } from 'node:crypto';
import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { fillPath } from '@stromwerk/contracts/api/route';
import type { MediaFileKind } from '@stromwerk/contracts/medias';
import type { TokenService } from '../auth/token.service';

/** Links stay valid this long; the library refetches far more often than that. */
const LINK_SECONDS = 6 * 3600;

/**
 * Browsers load media with <video src> and <img src>, which cannot send an Authorization header. A media
 * response therefore carries links signed with the server secret: media id, file kind and expiry are
 * covered, so a link opens exactly one file of one media until it expires.
 */
export class MediaLinks {
  constructor(private readonly tokens: TokenService) {}

  private async mac(mediaId: string, kind: string, exp: number) {
    return createHmac('sha256', await this.tokens.secret())
      .update(`media:${mediaId}:${kind}:${exp}`)
      .digest('base64url');
  }

  async link(mediaId: string, kind: MediaFileKind, download = false, now = Date.now()) {
    // Rounded so a list fetched twice within the hour yields the same URLs and the browser cache holds.
    const exp = Math.ceil(now / 3_600_000) * 3600 + LINK_SECONDS;
    const sig = await this.mac(mediaId, kind, exp);
    return `/v1${fillPath(mediaRoutes.file.path, { id: mediaId, kind })}?exp=${exp}&sig=${sig}${download ? '&download=true' : ''}`;
  }

  async verify(mediaId: string, kind: string, exp: number, sig: string, now = Date.now()) {
    if (exp * 1000 < now) return false;
    const expected = Buffer.from(await this.mac(mediaId, kind, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
