// Drizzle's relational API wants every table in one object; this is the only aggregate of the schema files.
export * from './drafts';
export * from './identity';
export * from './jobs';
export * from './live';
export * from './media';
export * from './notifications';
export * from './outputs';
export * from './social-posts';
export * from './socials';
export * from './streaming';
export * from './tenancy';
export * from './usage';
