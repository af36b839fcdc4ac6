/** Where a WHIP source goes live from the browser (the route in app/signed-in-routes.tsx). */
export const studioPath = (source: { id: string; corporationId: string; workspaceId: string }) =>
  `/${source.corporationId}/${source.workspaceId}/sources/${source.id}/studio`;
