import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The lint rules see one import at a time; a circle runs through several files, each import allowed on
// its own. This reads every import of lib/ (type-only ones and re-exports too: they tie the files
// together for a reader as much as for the bundler) and looks for files that reach themselves.
const root = path.resolve('.');

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourcesUnder(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w$*{},\s]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The file a specifier names, or undefined for a package or a file outside the project. */
function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const pattern of SPECIFIERS)
    for (const m of text.matchAll(pattern)) {
      const target = resolve(file, m[1]!);
      if (target) found.add(target);
    }
  return [...found];
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourcesUnder(path.join(root, dir)))
    graph.set(
      rel(file),
      importsOf(file)
        .map(rel)
        .filter((t) => t.startsWith(`${dir}/`)),
    );
  return graph;
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports in lib/', () => {
  const graph = importGraph('lib');

  it('reads the graph it is meant to check', () => {
    expect(graph.get('lib/sync/outbox.ts')?.some((t) => t.startsWith('lib/db/'))).toBe(true);
  });

  it('form no circles', () => {
    const report = circles(graph).map((files) => `circle of ${files.length} files:\n  ${files.join('\n  ')}`);
    expect(report, report.join('\n')).toEqual([]);
  });

  it('keep lib/db below kinds, history and links', () => {
    const upward = [...graph]
      .filter(([file]) => file.startsWith('lib/db/'))
      .flatMap(([file, targets]) =>
        targets.filter((t) => /^lib\/(kinds|history|links)\//.test(t)).map((t) => `${file} → ${t}`),
      );
    expect(upward).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
