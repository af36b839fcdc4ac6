import { idParamsSchema as params } from '../common';
import {
  createFolderBodySchema,
  folderQuerySchema,
  postSocialAnswerSchema,
  postSocialBodySchema,
  socialFolderSchema,
  socialFoldersSchema,
  socialPostSchema,
} from '../social-posts';
import { schemasFor } from './schemas';
import { socialPostRoutes } from './social-posts';

export const socialPostSchemas = schemasFor(socialPostRoutes, {
  post: {
    summary:
      'Post one media to several of your connections: one job per destination (title and description may hold {date}, {time}, {media})',
    body: postSocialBodySchema,
    response: postSocialAnswerSchema,
    errors: ['SOCIAL_UNSUPPORTED', 'FEATURE_UNAVAILABLE'],
  },
  get: {
    summary: 'One post: its state, uploaded bytes and published address',
    params,
    response: socialPostSchema,
  },
  folders: {
    summary: 'Folders of a Drive or FTP connection (below `parentId`, else the top)',
    params,
    query: folderQuerySchema,
    response: socialFoldersSchema,
    errors: ['SOCIAL_UNSUPPORTED', 'SOCIAL_PLATFORM_FAILED', 'FEATURE_UNAVAILABLE'],
  },
  createFolder: {
    summary: 'Create a folder on a Drive or FTP connection',
    params,
    body: createFolderBodySchema,
    response: socialFolderSchema,
    errors: ['SOCIAL_UNSUPPORTED', 'SOCIAL_PLATFORM_FAILED', 'FEATURE_UNAVAILABLE'],
  },
});
