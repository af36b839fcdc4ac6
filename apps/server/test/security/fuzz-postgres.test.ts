import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtures } from './fixtures';
import { type FuzzCase, generateCorpus } from './fuzz-corpus';
import { describeVerdict, sendAll } from './fuzz-send';
import { loadOperations } from './openapi-ops';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * PostgreSQL refuses NUL and bad byte sequences differently from PGlite (the driver sends text, the server
 * checks the encoding), so the encoding part of the corpus runs there too when TEST_DATABASE_URL is set.
 */
const url = process.env.TEST_DATABASE_URL;
const seed = Number(process.env.FUZZ_SEED ?? 1010);
const ENCODING = /NUL|UTF-8|UTF-16|surrogate|control chars|BOM|latin1|percent/;
let server: RunningServer;
let corpus: FuzzCase[];

describe.skipIf(!url)(`fuzz corpus, encoding attacks (postgresql, seed ${seed})`, () => {
  beforeAll(async () => {
    process.env.STROMWERK_TEST_DB = 'postgres';
    server = await startRunningServer({}, { jobs: false });
    const fx = await buildFixtures(server);
    corpus = generateCorpus(loadOperations(), fx, seed).filter(
      (c) => ENCODING.test(c.label) || c.label === 'valid request',
    );
  }, 120_000);
  afterAll(() => server?.close());

  it('answers NUL bytes, invalid UTF-8 and lone surrogates with a 4xx naming the field', async () => {
    const started = Date.now();
    const verdicts = await sendAll(server.url, server.owner.token, corpus, 4);
    const failed = verdicts.filter((v) => v.problem);
    console.info(
      `fuzz (postgresql): ${verdicts.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${failed.length} failed`,
    );
    expect(verdicts.length).toBeGreaterThan(1000);
    expect(failed.map(describeVerdict)).toEqual([]);
  }, 240_000);
});
