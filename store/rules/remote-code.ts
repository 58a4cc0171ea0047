import { parse } from '@babel/parser';

/** A file of the built package, by its path inside the package. */
export interface PackageFile {
  path: string;
  text: string;
}

// An address outside the package: a scheme, or protocol-relative.
const OUTSIDE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const PACKAGED = /^(?:chrome-extension|moz-extension|data|blob):/i;
const fromOutside = (address: string) => OUTSIDE.test(address.trim()) && !PACKAGED.test(address.trim());

/**
 * What a store reviewer would flag as remote or string-built code in a built package: a script,
 * style or module loaded from outside it, and `eval`, `Function` (called, constructed or passed
 * around to be) or a string given to setTimeout/setInterval in its JavaScript.
 */
export function remoteCodeProblems(files: PackageFile[]): string[] {
  return files.flatMap((file) => {
    if (file.path.endsWith('.js') || file.path.endsWith('.mjs')) return scriptProblems(file);
    if (file.path.endsWith('.html')) return pageProblems(file);
    if (file.path.endsWith('.css')) return styleProblems(file);
    return [];
  });
}

function pageProblems({ path, text }: PackageFile): string[] {
  const problems: string[] = [];
  for (const [tag] of text.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const address = /\b(?:src|href)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (address && fromOutside(address)) problems.push(`${path}: loads ${address}`);
  }
  return problems;
}

function styleProblems({ path, text }: PackageFile): string[] {
  const problems: string[] = [];
  for (const [, address] of text.matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/gi))
    if (address && fromOutside(address)) problems.push(`${path}: imports ${address}`);
  for (const [, address] of text.matchAll(/url\(\s*["']?([^"')\s]+)/gi))
    if (address && fromOutside(address)) problems.push(`${path}: fetches ${address}`);
  return problems;
}

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function scriptProblems({ path, text }: PackageFile): string[] {
  const problems: string[] = [];
  const at = (node: Node) => `${path}:${(node.loc as { start: { line: number } } | undefined)?.start.line ?? '?'}`;
  const ast = parse(text, { sourceType: 'unambiguous', errorRecovery: true });
  const visit = (node: Node, parent: Node | null, key: string) => {
    if (node.type === 'Identifier' && (node.name === 'eval' || node.name === 'Function') && isReference(parent, key))
      problems.push(`${at(node)}: ${node.name}`);
    if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') {
      const property = node.property as Node;
      const name = node.computed ? (property.value as unknown) : property.name;
      if (name === 'eval' || name === 'Function') problems.push(`${at(node)}: .${String(name)}`);
    }
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      const callee = node.callee as Node;
      const first = (node.arguments as Node[])[0];
      if (callee.type === 'Import' && first && !isPackagedLiteral(first))
        problems.push(`${at(node)}: import() of ${describe(first)}`);
      if (callee.type === 'Identifier' && callee.name === 'importScripts')
        for (const arg of node.arguments as Node[])
          if (!isPackagedLiteral(arg)) problems.push(`${at(node)}: importScripts(${describe(arg)})`);
      if (
        callee.type === 'Identifier' &&
        (callee.name === 'setTimeout' || callee.name === 'setInterval') &&
        first &&
        isStringish(first)
      )
        problems.push(`${at(node)}: ${callee.name} with a string`);
    }
    if (
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      node.type === 'ExportNamedDeclaration'
    ) {
      const source = node.source as Node | null;
      if (source && typeof source.value === 'string' && fromOutside(source.value))
        problems.push(`${at(node)}: imports ${source.value}`);
    }
    for (const [childKey, child] of Object.entries(node)) {
      if (childKey === 'loc' || childKey === 'start' || childKey === 'end') continue;
      if (Array.isArray(child)) for (const c of child) isNode(c) && visit(c, node, childKey);
      else if (isNode(child)) visit(child, node, childKey);
    }
  };
  visit(ast.program as unknown as Node, null, 'program');
  return problems;
}

/** An identifier that names the global (not a property name, a key, or a declaration of its own). */
function isReference(parent: Node | null, key: string): boolean {
  if (!parent) return true;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && key === 'property')
    return Boolean(parent.computed);
  if (
    (parent.type === 'ObjectProperty' || parent.type === 'ObjectMethod' || parent.type === 'ClassMethod') &&
    key === 'key'
  )
    return Boolean(parent.computed);
  if (parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement')
    return false;
  return true;
}

const isPackagedLiteral = (node: Node) =>
  (node.type === 'StringLiteral' && !fromOutside(node.value as string)) ||
  (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0);
const isStringish = (node: Node) =>
  node.type === 'StringLiteral' || node.type === 'TemplateLiteral' || node.type === 'BinaryExpression';
const describe = (node: Node) => (node.type === 'StringLiteral' ? String(node.value) : 'a computed address');
