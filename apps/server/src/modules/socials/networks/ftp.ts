import type { NetworkDescriptor } from './network';

/** FTP and explicit FTPS with a password (basic-ftp); checked on save and by `check`. */
export const ftp: NetworkDescriptor = {
  id: 'ftp',
  label: 'FTP',
  credentials: true,
  supports: { live: false, vod: true, folders: true, subAccounts: false },
};
