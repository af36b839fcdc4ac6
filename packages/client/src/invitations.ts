import { invitationRoutes } from '@stromwerk/contracts/api/invitations';
import type { invitationSchemas } from '@stromwerk/contracts/api/invitations.schemas';
import type { HttpCore } from './http';
import { tableApi } from './table-api';

export const invitationsApi = (http: HttpCore) =>
  tableApi<typeof invitationRoutes, typeof invitationSchemas>(http, invitationRoutes);
