import AccountCircle from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import { AVATAR_WIDTH_PX } from '@stromwerk/contracts/limits';
import { cdnUrl } from '../../../lib/cdn';
import type { UserData } from '../../../lib/types';

/** Spec section 3: the avatar's first file on the CDN, 36 px; otherwise an account icon. */
export function avatarUrl(user: UserData): string | undefined {
  const ref = user.avatar?.files[0]?.bucketRef;
  return ref ? cdnUrl(ref) : undefined;
}

export function UserAvatar({ user, size = AVATAR_WIDTH_PX }: { user: UserData; size?: number }) {
  const src = avatarUrl(user);
  if (!src) return <AccountCircle sx={{ fontSize: size, color: 'text.secondary' }} aria-hidden="true" />;
  return <Avatar src={src} alt="" sx={{ width: size, height: size }} />;
}
