import { describe, expect, it } from 'vitest';
import { apiSchemas } from '../src/api/all-schemas';
import { authRoutes } from '../src/api/auth';
import { sessionRoutes } from '../src/api/sessions';
import { apiTables, identityRoutes } from '../src/api/tables';
import { avatarRoutes, userRoutes } from '../src/api/users';
import { verificationRoutes } from '../src/api/verification';

describe('identity tables', () => {
  it('merge into the client resource `users` without one hiding another', () => {
    const parts = [authRoutes, sessionRoutes, userRoutes, verificationRoutes, avatarRoutes];
    const names = parts.flatMap((table) => Object.keys(table));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(identityRoutes).sort()).toEqual(names.sort());
  });
});

describe('all schemas', () => {
  it('has the schemas of every table route under the same names, and nothing else', () => {
    expect(Object.keys(apiSchemas).sort()).toEqual(Object.keys(apiTables).sort());
    for (const [resource, table] of Object.entries(apiTables)) {
      const schemas = apiSchemas[resource as keyof typeof apiSchemas];
      expect(Object.keys(schemas).sort(), resource).toEqual(Object.keys(table).sort());
    }
  });
});
