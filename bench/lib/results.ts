import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'results');

/** Writes bench/results/<name>.json and appends one line to bench/results/SUMMARY.md. */
export function writeResult(name: string, data: object, summary: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${name}.json`),
    `${JSON.stringify({ name, at: new Date().toISOString(), ...data }, null, 2)}\n`,
  );
  const file = join(dir, 'SUMMARY.md');
  if (!existsSync(file)) writeFileSync(file, '# Benchmark results\n\nOne line per run, newest last.\n\n');
  appendFileSync(file, `- ${new Date().toISOString().slice(0, 16)} **${name}**: ${summary}\n`);
}
