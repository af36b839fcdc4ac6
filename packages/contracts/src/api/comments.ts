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
