import { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { sniffImage } from '../../lib/image-sniff';
import type { Actor } from '../../plugins/auth';
import type { Storage } from '../../plugins/storage';
import type { IdentityCache } from '../access/identity-cache';
import type { MediasRepository } from '../medias/medias.repository';
import { toUser, type UsersRepository } from './users.repository';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarKey = (mediaId: string) => `avatars/${mediaId}`;

/** A user's avatar is a media record owned by the user; its single file is served under the CDN base. */
export class AvatarService {
  constructor(
    private readonly medias: MediasRepository,
    private readonly users: UsersRepository,
    private readonly storage: Storage,
    private readonly identity: IdentityCache,
  ) {}

  private async own(actor: Actor, userId: string) {
    if (actor.user.id !== userId && !actor.user.isAdmin) throw new AppError('NOT_FOUND', 'User not found');
    const row = await this.users.byId(userId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return row;
  }

  async set(actor: Actor, userId: string, data: Buffer) {
    const row = await this.own(actor, userId);
    const image = sniffImage(data.subarray(0, 16));
    if (!image)
      throw new AppError('UNSUPPORTED_MEDIA', 'file: The avatar must be a PNG, JPEG, GIF or WebP image');
    const media = await this.medias.insert({
      ownerUserId: userId,
      name: 'avatar',
      origin: 'avatar',
      files: [],
      sizeBytes: data.length,
      uploadedAt: new Date(),
    });
    const key = avatarKey(media.id);
    await this.storage.put(key, Readable.from(data));
    await this.medias.update(media.id, {
      files: [{ bucketRef: key, kind: 'image', mimeType: image.mimeType, size: data.length }],
    });
    const updated = await this.users.update(userId, { avatarMediaId: media.id });
    await this.identity.forget({ userId });
    if (row.avatarMediaId) await this.removeMedia(row.avatarMediaId);
    return toUser(updated!);
  }

  async clear(actor: Actor, userId: string) {
    const row = await this.own(actor, userId);
    const updated = await this.users.update(userId, { avatarMediaId: null });
    await this.identity.forget({ userId });
    if (row.avatarMediaId) await this.removeMedia(row.avatarMediaId);
    return toUser(updated!);
  }

  private async removeMedia(mediaId: string) {
    await this.storage.remove(avatarKey(mediaId));
    await this.medias.delete(mediaId);
  }
}
