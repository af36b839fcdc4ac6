import { account, type NetworkDescriptor, pick } from './network';

/** Google Drive: resumable uploads into folders; `drive.file` needs no restricted-scope verification. */
export const googleDrive: NetworkDescriptor = {
  id: 'google-drive',
  label: 'Google Drive',
  oauth: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    apiUrl: 'https://www.googleapis.com',
    scopes: ['https://www.googleapis.com/auth/drive.file'],
    extraAuthParams: { access_type: 'offline', prompt: 'consent' },
    consoleUrl: 'https://console.cloud.google.com/apis/credentials',
    async account(get) {
      const user = pick(await get('/drive/v3/about', { fields: 'user' }), 'user');
      return account(
        'Google Drive',
        pick(user, 'permissionId'),
        pick(user, 'displayName'),
        pick(user, 'photoLink'),
      );
    },
  },
  supports: { live: false, vod: true, folders: true, subAccounts: false },
};
