import { describe, expect, it } from 'vitest';
import { authRoutes } from '../src/api/auth';
import { sessionRoutes } from '../src/api/sessions';
import { identityRoutes } from '../src/api/tables';
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
