// No zod here: the client (and with it the login page's JavaScript) needs this list at run time.

/** Spec section 3: fields treated as dates in responses. */
export const DATE_FIELDS = [
  'authorizedAt',
  'autoDeleteAt',
  'cancelledAt',
  'createdAt',
  'deletedAt',
  'expiry',
  'lastUpdate',
  'streamStart',
  'unpublishAt',
  'updatedAt',
  'uploadedAt',
] as const;
