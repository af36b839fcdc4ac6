import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiPath, renderOpenApi } from '../../scripts/openapi-document';

// One server boot for both tests: it is the slow part.
let served = '';
beforeAll(async () => {
  served = await renderOpenApi();
}, 120_000);

describe('docs/openapi.json', () => {
  it('matches what the server serves (run `npm run openapi` after changing a route)', () => {
    expect(existsSync(openApiPath), 'docs/openapi.json is missing: run npm run openapi').toBe(true);
    const committed = readFileSync(openApiPath, 'utf8');
    expect(
      committed === served,
      'docs/openapi.json drifted from the routes: run `npm run openapi` and commit it',
    ).toBe(true);
  });

  it('documents every route with its error responses', () => {
    const doc = JSON.parse(served) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    const login = doc.paths['/v1/login']!.post!;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    const ws = doc.paths['/v1/workspaces/{id}']!.get!;
    expect(Object.keys(ws.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
  });
});
