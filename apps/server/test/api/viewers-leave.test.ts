import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewerRegistry } from '../../src/modules/outputs/viewer-registry';
import type { Viewers } from '../../src/modules/outputs/viewers';
import { ViewersRepository } from '../../src/modules/outputs/viewers.repository';
import type { Database } from '../../src/plugins/db';
import { openTestDatabase } from '../helpers/test-database';

/**
 * A viewer that ends (a real-time viewer's peer closed, issue 35) leaves at once, in memory and in the
 * shared table alike; the player's other viewers stay counted, and its place is free for the next one.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe.each([
  ['in memory', () => new ViewerRegistry() as Viewers],
  ['in the database', () => new ViewersRepository(database.db) as Viewers],
])('Viewers.leave %s', (_, make) => {
  it('uncounts the viewer at once and frees its place under the limit', async () => {
    const viewers = make();
    const output = randomUUID();
    expect(await viewers.admit(output, 'a', 2)).toBe(1);
    expect(await viewers.admit(output, 'b', 2)).toBe(2);
    expect(await viewers.admit(output, 'c', 2)).toBeNull();
    await viewers.leave(output, 'a');
    expect((await viewers.counts([output])).get(output)).toBe(1);
    expect(await viewers.admit(output, 'c', 2)).toBe(2);
    // Leaving twice, or a viewer never admitted, changes nothing.
    await viewers.leave(output, 'a');
    await viewers.leave(output, 'nobody');
    expect((await viewers.counts([output])).get(output)).toBe(2);
  });
});
