import { routeTable, ws } from './route';

/** Comments on players (spec section 5): members comment and moderate; viewers comment through /play. */
export const commentRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/comments',
    access: 'self',
    summary: 'Comments of the players the caller may see (filters: workspaceId, outputId, approved)',
  },
  listOfOutput: {
    method: 'GET',
    path: '/outputs/:id/comments',
    access: ws('read'),
    summary: 'Comments of one player',
  },
  create: {
    method: 'POST',
    path: '/outputs/:id/comments',
    access: ws('write'),
    status: 201,
    summary: 'Comment as a member (approved at once)',
  },
  edit: {
    method: 'PUT',
    path: '/comments/:id',
    access: ws('write'),
    summary: 'Edit a comment (`text` in the query or the body)',
  },
  remove: {
    method: 'DELETE',
    path: '/comments/:id',
    access: ws('write'),
    status: 204,
    summary: 'Delete a comment',
  },
  bulkDelete: {
    method: 'POST',
    path: '/comments/bulk-delete',
    access: ws('write'),
    summary:
      'Delete up to 200 comments in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
  },
  bulkApprove: {
    method: 'POST',
    path: '/comments/bulk-approve',
    access: ws('write'),
    summary:
      'Show up to 200 comments to viewers (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
  },
  bulkUnapprove: {
    method: 'POST',
    path: '/comments/bulk-unapprove',
    access: ws('write'),
    summary:
      'Hide up to 200 comments from viewers (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
  },
  approve: {
    method: 'PUT',
    path: '/comments/:id/approve',
    access: ws('write'),
    summary: 'Show a comment to viewers',
  },
  unapprove: {
    method: 'PUT',
    path: '/comments/:id/unapprove',
    access: ws('write'),
    summary: 'Hide a comment from viewers',
  },
});
