// The folder-level import graph of the extension, as a mermaid diagram, read from the code so that
// docs/architecture.md cannot drift from it. `node scripts/docs-graph.mjs` rewrites that block alone;
// `npm run docs` (scripts/docs.mjs) rewrites it with every other generated block.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCES = ['lib', 'components', 'entrypoints'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/**
 * Every module a file's text names: static imports (`import type` too), `export … from`, side-effect
 * imports and dynamic `import()`. The text is read with regular expressions, not parsed: the patterns
 * start at a line's beginning, so a word "import" inside a sentence is not taken for one.
 */
export function importsOf(text) {
  const found = [];
  const patterns = [
    // import x from '…'; import type { A } from '…'; import * as x from '…'; across lines too.
    /^\s*import\s+(type\s+)?[\w$\s{},*]*?\s*from\s*['"]([^'"]+)['"]/gm,
    // export { a } from '…'; export type { A } from '…'; export * from '…'; export * as x from '…'.
    /^\s*export\s+(type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm,
    // import '…' for its effects (a stylesheet, a setup module).
    /^\s*import\s*()['"]([^'"]+)['"]/gm,
    // import('…'), where a view or a module is loaded when needed.
    /\bimport\(\s*()['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern))
      found.push({ specifier: match[2], typeOnly: Boolean(match[1]) || onlyTypes(match[0]) });
  return found;
}

/** `import { type A, type B } from` brings no value either, though it has no `type` before its braces. */
function onlyTypes(statement) {
  const braces = /^[^{]*\{([^}]*)\}/.exec(statement);
  if (!braces || /^\s*import\s+[\w$]+\s*,/.test(statement)) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The file a specifier names, relative to the root, or null for a package or a file not found. */
export function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = join(dirname(fromFile), specifier);
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  for (const candidate of candidates) {
    const path = join(root, candidate);
    if (existsSync(path) && statSync(path).isFile()) return candidate.split(sep).join('/');
  }
  return null;
}

/**
 * The node a file belongs to: lib/<folder>, components, entrypoints/<name>; a file directly in lib/
 * is a node of its own (lib/words). Null for anything outside the extension's code.
 */
export function folderOf(file) {
  const parts = file.split('/');
  const bare = (name) => name.replace(/\.[^.]+$/, '');
  if (parts[0] === 'components') return 'components';
  if (parts[0] === 'lib' && parts.length >= 2) return `lib/${bare(parts[1])}`;
  if (parts[0] === 'entrypoints' && parts.length >= 2) return `entrypoints/${bare(parts[1])}`;
  return null;
}

function sourceFiles(root, dir) {
  const out = [];
  for (const name of readdirSync(join(root, dir)).sort()) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(root, path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path.split(sep).join('/'));
  }
  return out;
}

/** Folder → folder edges, each marked type-only when no import along it brings a value. */
export function folderEdges(root) {
  const edges = new Map();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(root, dir))) {
    const from = folderOf(file);
    for (const { specifier, typeOnly } of importsOf(readFileSync(join(root, file), 'utf8'))) {
      const target = resolveImport(root, file, specifier);
      const to = target && folderOf(target);
      if (!to || to === from) continue;
      const key = `${from} ${to}`;
      edges.set(key, { from, to, typeOnly: (edges.get(key)?.typeOnly ?? true) && typeOnly });
    }
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

const nodeId = (folder) => folder.replace(/[^A-Za-z0-9]/g, '_');

/** The mermaid text of the graph: a solid arrow imports values, a dotted one only types. */
export function importGraph(root) {
  const edges = folderEdges(root);
  const folders = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const lines = ['```mermaid', 'graph LR'];
  for (const folder of folders) lines.push(`  ${nodeId(folder)}["${folder}"]`);
  for (const { from, to, typeOnly } of edges)
    lines.push(`  ${nodeId(from)} ${typeOnly ? '-.->' : '-->'} ${nodeId(to)}`);
  lines.push('```');
  return lines.join('\n');
}

/** The text between a generated block's markers replaced; throws when the markers are missing. */
export function replaceBlock(text, name, content) {
  const start = `<!-- generated:${name} -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = join(ROOT, 'docs/architecture.md');
  writeFileSync(file, replaceBlock(readFileSync(file, 'utf8'), 'imports', importGraph(ROOT)));
  console.log(`${relative(process.cwd(), file)}: import graph written.`);
}
