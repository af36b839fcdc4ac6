import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';
import { openDatabase } from '../src/plugins/db';

/** The OpenAPI document as the running server serves it, rendered as stable JSON text. */
export async function renderOpenApi(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-openapi-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    live: false,
  });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const openApiPath = join(import.meta.dirname, '../../../docs/openapi.json');
