import { routeTable, ws } from './route';

/** Comments on players (spec section 5): members comment and moderate; viewers comment through /play. */
export const commentRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/comments',
    access: 'self',
  },
  listOfOutput: {
    method: 'GET',
    path: '/outputs/:id/comments',
    access: ws('read'),
  },
  create: {
    method: 'POST',
    path: '/outputs/:id/comments',
    access: ws('write'),
    status: 201,
  },
  edit: {
    method: 'PUT',
    path: '/comments/:id',
    access: ws('write'),
  },
  remove: {
    method: 'DELETE',
    path: '/comments/:id',
    access: ws('write'),
    status: 204,
  },
  bulkDelete: {
    method: 'POST',
    path: '/comments/bulk-delete',
    access: ws('write'),
  },
  bulkApprove: {
    method: 'POST',
    path: '/comments/bulk-approve',
    access: ws('write'),
  },
  bulkUnapprove: {
    method: 'POST',
    path: '/comments/bulk-unapprove',
    access: ws('write'),
  },
  approve: {
    method: 'PUT',
    path: '/comments/:id/approve',
    access: ws('write'),
  },
  unapprove: {
    method: 'PUT',
    path: '/comments/:id/unapprove',
    access: ws('write'),
  },
});
