import type { SocialNetwork } from '@stromwerk/contracts/social-values';
import { facebook } from './facebook';
import { ftp } from './ftp';
import { googleDrive } from './google-drive';
import type { NetworkDescriptor } from './network';
import { twitch } from './twitch';
import { twitter } from './twitter';
import { youtube } from './youtube';

/** Every network, one descriptor module each. */
export const networks: Record<SocialNetwork, NetworkDescriptor> = {
  youtube,
  facebook,
  twitch,
  twitter,
  'google-drive': googleDrive,
  ftp,
};
