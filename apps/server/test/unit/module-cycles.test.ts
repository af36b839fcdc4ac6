import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Architecture rule (issue 29, item 2): no module cycles through the live plane. Every relative import
 * counts, type-only ones too: a cycle of types is still a knot in the design (the old one ran
 * sources -> live -> outputs -> sources).
 */
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const LIVE = (file: string) => file.startsWith('modules/live/') || /^modules\/outputs\/program-/.test(file);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/g;

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of tsFiles(SRC)) {
    const from = relative(SRC, file);
    const to: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(SRC, resolve(dirname(file), m[1]!));
      to.push(target.endsWith('.ts') ? target : `${target}.ts`);
    }
    edges.set(from, to);
  }
  return edges;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe('module cycles', () => {
  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('no cycle runs through the live plane', () => {
    const all = cycles(graph());
    if (process.env.SHOW_CYCLES) console.log(JSON.stringify(all, null, 1));
    const through = all.filter((c) => c.some(LIVE));
    expect(through).toEqual([]);
  });
});
