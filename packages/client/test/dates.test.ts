import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient } from '../src/create-client';
import { reviveDates } from '../src/dates';
import { json, startServer, type TestServer } from './test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const iso = '2026-03-04T05:06:07.089Z';
const later = '2026-03-05T00:00:00.000+02:00';

describe('date revival', () => {
  it('turns the spec date fields into Dates inside a page, at any depth, leaving other fields alone', async () => {
    server.handle = json(200, {
      items: [
        {
          id: 'k1',
          name: 'createdAt',
          createdAt: iso,
          updatedAt: later,
          lastUsedAt: iso,
          nested: { expiry: iso, list: [{ deletedAt: iso }], streamStart: null },
          authorizedAt: 'not a date',
        },
      ],
      total: 1,
      limit: 50,
      offset: 0,
    });
    const page = await createClient({ baseUrl: server.url }).apiKeys.list();
    const item = page.items[0] as unknown as Record<string, unknown> & { nested: Record<string, unknown> };

    expect(item.createdAt).toBeInstanceOf(Date);
    expect((item.createdAt as Date).toISOString()).toBe(iso);
    expect((item.updatedAt as Date).toISOString()).toBe('2026-03-04T22:00:00.000Z');
    expect(item.nested.expiry).toEqual(new Date(iso));
    expect(item.nested.list).toEqual([{ deletedAt: new Date(iso) }]);
    expect(item.nested.streamStart).toBeNull();
    // Not a spec date field: stays the string the server sent.
    expect(item.lastUsedAt).toBe(iso);
    expect(item.name).toBe('createdAt');
    // A date field whose value is not a date stays as sent instead of becoming an Invalid Date.
    expect(item.authorizedAt).toBe('not a date');
    expect(page.total).toBe(1);
  });

  it('revives top-level and nested date fields of single resources (Session.expiry, Session.user)', async () => {
    server.handle = json(200, {
      token: 't',
      expiry: iso,
      user: { id: 'u1', createdAt: iso, updatedAt: iso },
    });
    const session = await createClient({ baseUrl: server.url }).users.login({
      body: { email: 'a@b.c', password: 'x' },
    });
    expect(session.expiry).toEqual(new Date(iso));
    expect(session.user.createdAt).toEqual(new Date(iso));
    expect(session.token).toBe('t');
  });

  it('gives callers Date types for the date fields and keeps the others as they are', () => {
    type Page = Awaited<ReturnType<ReturnType<typeof createClient>['apiKeys']['list']>>;
    type Key = Page['items'][number];
    expectTypeOf<Key['createdAt']>().toEqualTypeOf<Date>();
    expectTypeOf<Key['lastUsedAt']>().toEqualTypeOf<string | null>();
    expectTypeOf<Key['name']>().toEqualTypeOf<string>();
    type Session = Awaited<ReturnType<ReturnType<typeof createClient>['users']['login']>>;
    expectTypeOf<Session['expiry']>().toEqualTypeOf<Date>();
    expectTypeOf<Session['user']['updatedAt']>().toEqualTypeOf<Date>();
  });

  it('revives already-parsed values too (for payloads that do not come through fetch)', () => {
    const revived = reviveDates({ data: [{ uploadedAt: iso, title: iso }], unpublishAt: iso });
    expect(revived.unpublishAt).toEqual(new Date(iso));
    expect(revived.data[0]?.uploadedAt).toEqual(new Date(iso));
    expect(revived.data[0]?.title).toBe(iso);
  });
});
