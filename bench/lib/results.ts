import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { loadNow } from './load';

const dir = join(import.meta.dirname, '..', 'results');

/**
 * Writes bench/results/<name>.json and appends one line to bench/results/SUMMARY.md. Both carry the load
 * average at the moment of writing and the core count (a figure means little without the machine's load),
 * unless `data` already states its `load`.
 */
export function writeResult(name: string, data: object, summary: string) {
  mkdirSync(dir, { recursive: true });
  const machine = { cores: availableParallelism(), loadAtWrite: loadNow() };
  writeFileSync(
    join(dir, `${name}.json`),
    `${JSON.stringify({ name, at: new Date().toISOString(), machine, ...data }, null, 2)}\n`,
  );
  const file = join(dir, 'SUMMARY.md');
  if (!existsSync(file)) writeFileSync(file, '# Benchmark results\n\nOne line per run, newest last.\n\n');
  const where = /\bload\b/.test(summary) ? '' : ` (load ${machine.loadAtWrite} on ${machine.cores} cores)`;
  appendFileSync(file, `- ${new Date().toISOString().slice(0, 16)} **${name}**: ${summary}${where}\n`);
}
