// `npm test`: every suite, arranged so the two cores stay busy without starving a real-time test.
// Lint and typecheck first (side by side), then the unit and web tests, then two lanes side by side:
// the API tests on PGlite beside the media tests (which spend most of their time waiting on real-time
// video: -re encoders, live segments), then the security suite and the API tests on PostgreSQL (when
// TEST_DATABASE_URL is set), each in the first lane to come free.
// The browser flows run last and alone: their expectations wait on a UI, and a starved machine makes
// them slow rather than wrong, but they are the longest stage.
// Each stage's output goes to test-logs/<stage>.log; a stage that ran beside another prints
// its output when it ends, so lanes never interleave. Every stage runs even after one failed (one CI run
// shows every failure); the exit code is 1 when any failed. A summary of stage times ends the output.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const logDir = join(root, 'test-logs');
mkdirSync(logDir, { recursive: true });

const api = ['npx', 'vitest', 'run', '--project', 'api'];
const stages = {
  lint: { command: ['npx', 'biome', 'ci', '.'] },
  typecheck: { command: ['npm', 'run', 'typecheck'] },
  // Two workers: the stage runs alone, and vitest's default on two cores (cores - 1) left one idle (the
  // web project alone took 186 s with one worker; unit and web together 135 s with two, under load 5-7).
  unit: {
    command: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'web', '--maxWorkers=2'],
  },
  'api-pglite': { command: api, env: { STROMWERK_TEST_DB: 'pglite' } },
  'api-postgres': { command: api, env: { STROMWERK_TEST_DB: 'postgres' } },
  security: { command: ['npx', 'vitest', 'run', '--project', 'security'] },
  media: { command: ['npx', 'vitest', 'run', '--project', 'media'] },
  e2e: { command: ['node', 'scripts/test-e2e.mjs'] },
};
const results = [];
// TEST_STAGES=media,security runs only those stages, in their usual lanes (to repeat a CI failure).
const only = process.env.TEST_STAGES ? new Set(process.env.TEST_STAGES.split(',')) : null;

/** Runs one stage; `alone` streams its output, otherwise it is printed in one piece at the end. */
function run(name, { alone }) {
  if (only && !only.has(name)) return Promise.resolve(true);
  const [command, ...args] = stages[name].command;
  const started = Date.now();
  const log = createWriteStream(join(logDir, `${name}.log`));
  const chunks = [];
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const env = { ...process.env, ...stages[name].env };
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => {
      log.write(chunk);
      if (alone) process.stdout.write(chunk);
      else chunks.push(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code, signal) => {
      log.end();
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      if (!alone) {
        console.log(`\n──── ${name} (ran beside another stage) ────`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(
        `${ok ? '✔' : '✘'} ${name}: ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s`,
      );
      results.push({ name, ok, seconds });
      resolve(ok);
    });
  });
}

/**
 * Two lanes side by side, each starting with its own first stage and then taking the next from `rest`
 * as it comes free. With fixed lanes the CI machine's speed decided which one ended long after the
 * other: on a fast day the media lane ran 200 s past the API lane, on a slow one (every stage twice as
 * long) the API lane ran past the media lane.
 */
async function lanes(firsts, rest) {
  const queue = [...rest];
  const lane = async (first) => {
    for (let name = first; name !== undefined; name = queue.shift()) await run(name, { alone: false });
  };
  await Promise.all(firsts.map(lane));
}

const started = Date.now();
// Lint and typecheck side by side, then the unit tests (beside typecheck both took longer: 224 s for
// what takes 40 + 151 s one after the other).
await Promise.all([run('lint', { alone: false }), run('typecheck', { alone: false })]);
await run('unit', { alone: true });
// The API tests run once per database engine, one file at a time each (vitest's one worker on two
// cores): the PGlite run beside the media tests, then the security suite and the PostgreSQL run in
// whichever lane comes free first.
const postgres = process.env.TEST_DATABASE_URL ? ['api-postgres'] : [];
if (!process.env.TEST_DATABASE_URL)
  console.log('TEST_DATABASE_URL not set: the PostgreSQL API run is skipped');
await lanes(['api-pglite', 'media'], ['security', ...postgres]);
await run('e2e', { alone: true });

const total = Math.round((Date.now() - started) / 1000);
// Only after a browser stage of this run (an earlier run's report may still lie in test-logs/).
if (results.some((r) => r.name === 'e2e')) printSlowFlows();
console.log('\nStage times:');
for (const r of results)
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name.padEnd(13)} ${String(r.seconds).padStart(5)} s`);
console.log(`  whole run ${total} s (${(total / 60).toFixed(1)} min)`);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length > 0) {
  // CI keeps only the end of the output: repeat each failed stage's failing lines here.
  for (const name of failed) printFailures(name);
  console.log(`Failed: ${failed.join(', ')}; logs in test-logs/`);
  process.exit(1);
}

/** The lines of a stage's log that name a failure (vitest, Playwright, Biome, tsc), ANSI colours removed. */
function printFailures(name) {
  const text = stripVTControlCharacters(readFileSync(join(logDir, `${name}.log`), 'utf8'));
  const marks = /(FAIL|✘|×|AssertionError|Error:|error TS|Timeout|timed out|expected )/;
  const lines = text.split('\n').filter((line) => marks.test(line));
  console.log(`\n──── ${name}: failing lines (${lines.length}) ────`);
  for (const line of lines.slice(0, 80)) console.log(line.slice(0, 300));
}

/**
 * The browser stage's retried and slowest flows (from the JSON reports written in CI, both passes): CI
 * keeps only the end of the output, and a stage twice its usual length was once unexplained for want of
 * them. A flow that failed once also gets the start of its page snapshot at the failure (Playwright's
 * error-context.md): a flake that passes on its retry is otherwise gone with the CI machine.
 */
function printSlowFlows() {
  const runs = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results)
          runs.push({
            ms: r.duration,
            name: `${file} › ${spec.title}`,
            status: r.status,
            retry: r.retry,
            context: r.attachments?.find((a) => a.name === 'error-context')?.path,
          });
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const file of ['e2e-times.json', 'e2e-times-alone.json']) {
    try {
      const report = JSON.parse(readFileSync(join(logDir, file), 'utf8'));
      for (const suite of report.suites ?? []) walk(suite, suite.file);
    } catch {
      // that pass did not run (a single spec file) or wrote no report
    }
  }
  if (runs.length === 0) return;
  const line = (r) =>
    `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.status}${r.retry ? ` (retry ${r.retry})` : ''}  ${r.name}`;
  const failedOnce = runs.filter((r) => r.status !== 'passed' && r.status !== 'skipped');
  console.log(`\nBrowser flows: ${runs.length} runs, ${failedOnce.length} failed or timed out once`);
  for (const r of failedOnce) {
    console.log(line(r));
    printPageSnapshot(r.context);
  }
  console.log('Slowest flows:');
  for (const r of [...runs].sort((a, b) => b.ms - a.ms).slice(0, 8)) console.log(line(r));
}

/**
 * A failed flow's page snapshot (the accessibility tree at the failure), indented: its start (the page's
 * header) and its end, where dialogs, menus and the options of an open picker are (portals come last).
 */
function printPageSnapshot(path) {
  if (!path) return;
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return;
  }
  const at = text.indexOf('# Page snapshot');
  const lines = text.slice(Math.max(at, 0)).split('\n');
  const shown = lines.length <= 80 ? lines : [...lines.slice(0, 15), '  …', ...lines.slice(-60)];
  for (const l of shown) console.log(`      ${l.slice(0, 200)}`);
}
