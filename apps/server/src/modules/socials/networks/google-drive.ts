import { account, type NetworkDescriptor, pick, str } from './network';

const FOLDER = 'application/vnd.google-apps.folder';
/** Drive query literals are quoted with ' and escape \\ and '. */
const quoted = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const folderOf = (v: unknown) => {
  const id = str(pick(v, 'id'));
  if (!id) throw new Error('Drive answered without a folder id');
  return { id, name: str(pick(v, 'name')) ?? id };
};

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
  upload: {
    protocol: 'google-resumable',
    path: '/upload/drive/v3/files',
    query: { uploadType: 'resumable', fields: 'id,name,webViewLink' },
    metadata: (post) => ({
      name: post.fileName,
      mimeType: post.mimeType,
      description: post.description,
      ...(post.folder ? { parents: [post.folder] } : {}),
    }),
    published(answer) {
      const id = str(pick(answer, 'id'));
      if (!id) throw new Error('Drive answered the upload without a file id');
      const link = str(pick(answer, 'webViewLink'));
      return {
        externalId: id,
        url:
          link && /^https:\/\//.test(link)
            ? link
            : `https://drive.google.com/file/d/${encodeURIComponent(id)}/view`,
      };
    },
  },
  folders: {
    // With the drive.file scope only folders this app created (or was given) are listed.
    async list(call, parentId) {
      const q = `mimeType = '${FOLDER}' and ${quoted(parentId ?? 'root')} in parents and trashed = false`;
      const answer = await call('GET', '/drive/v3/files', {
        query: { q, fields: 'files(id,name)', orderBy: 'name', pageSize: '200' },
      });
      const files = pick(answer, 'files');
      return Array.isArray(files) ? files.map(folderOf) : [];
    },
    async create(call, name, parentId) {
      const answer = await call('POST', '/drive/v3/files', {
        query: { fields: 'id,name' },
        json: { name, mimeType: FOLDER, parents: [parentId ?? 'root'] },
      });
      return folderOf(answer);
    },
  },
};
