import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  createDraftBodySchema,
  draftListQuerySchema,
  draftSchema,
  previewDraftBodySchema,
  updateDraftBodySchema,
} from '../drafts';
import { jobSchema } from '../jobs';
import { draftRoutes } from './drafts';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const draftSchemas = schemasFor(draftRoutes, {
  list: {
    summary: 'Drafts the caller may see, filtered',
    query: draftListQuerySchema,
    response: pageOf(draftSchema),
  },
  create: {
    summary: 'A new draft, empty, from a timeline, or from whole media',
    body: createDraftBodySchema,
    response: draftSchema,
  },
  get: { summary: 'One draft with its problems', params, response: draftSchema },
  update: {
    summary: 'Save a draft: name the revision the edit started from',
    errors: ['DRAFT_CONFLICT'],
    params,
    body: updateDraftBodySchema,
    response: draftSchema,
  },
  remove: { summary: 'Delete a draft (its renders stay in the library)', params },
  render: {
    summary: 'Render the draft as it is now into a new media, by a job',
    errors: ['DRAFT_BROKEN', 'CONFLICT', 'STORAGE_QUOTA_EXCEEDED', 'QUOTA_EXCEEDED', 'FEATURE_UNAVAILABLE'],
    params,
    response: jobSchema,
  },
  preview: {
    summary:
      "The exact preview: 4 s around atMs of the timeline and output sent (the editor's, saved or not), rendered small by the real render graph, as MP4",
    errors: ['DRAFT_BROKEN', 'FEATURE_UNAVAILABLE'],
    params,
    body: previewDraftBodySchema,
  },
  listInWorkspace: {
    summary: 'Drafts of one workspace',
    params,
    query: pageQuerySchema,
    response: pageOf(draftSchema),
  },
  listInCorporation: {
    summary: 'Drafts of every workspace of a corporation the caller may see',
    params,
    query: pageQuerySchema,
    response: pageOf(draftSchema),
  },
});
