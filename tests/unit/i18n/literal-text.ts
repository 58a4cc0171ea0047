import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

/**
 * Finds words a person would read that are written into a view instead of taken from the catalogue.
 *
 * Why a syntax scan and not a render check: most views need a database, a browser and a service to
 * render, so rendering each in a test would cover only the few that render alone, and only the
 * branches that test takes. Parsing every view file covers them all, errors and empty lists included.
 *
 * What it reports, in components/ and entrypoints/ (.ts and .tsx):
 * - JSX text with a letter in it;
 * - a string or template literal with a letter, written as a JSX child or as a prop value (both arms
 *   of `?:`, the right side of `&&`/`||`/`??`), for every prop except the technical ones listed in
 *   TECHNICAL_PROPS: a new label-like prop of our own components is covered without being named here;
 * - any other string literal that reads like words (a capital letter, then lower case, then a space,
 *   punctuation or the end: "Saving…", "Copy", "No link matches."), which catches text kept in a
 *   constant, passed to a helper (`text('url', 'Long URL')`) or returned by a function. Left out:
 *   imports, types, object keys, comparisons and `case` labels (`event.key === 'Enter'`), and what
 *   goes to the developer console.
 * Literals with no letter (punctuation, symbols, digits: "·", "—", " (", "%") are allowed.
 */
export interface Literal {
  file: string;
  line: number;
  text: string;
}

/** Props whose values are names, ids, enumerations or URLs, never words for people. */
const TECHNICAL_PROPS = new Set([
  'accept',
  'autoComplete',
  'className',
  'dir',
  'download',
  'fileName',
  'fill',
  'href',
  'htmlFor',
  'id',
  'inputMode',
  'key',
  'kind',
  'lang',
  'method',
  'name',
  'noun',
  'pattern',
  'patternTransform',
  'patternUnits',
  'rel',
  'role',
  'scope',
  'src',
  'target',
  'testId',
  'textAnchor',
  'type',
  'value',
  'variant',
]);

const LETTER = /\p{L}/u;
const READS_LIKE_WORDS = /^[A-Z][a-z’']+([ ,.:;!?…]|$)/;
const NOT_TEXT_PARENTS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'TSLiteralType',
  'TSEnumMember',
  'BinaryExpression',
  'SwitchCase',
  'JSXAttribute',
]);

type Node = { type: string; start?: number | null; loc?: { start: { line: number } } | null; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The literal text an expression can evaluate to, looking through conditionals. */
function literalsIn(expression: Node): Node[] {
  switch (expression.type) {
    case 'StringLiteral':
    case 'TemplateLiteral':
      return [expression];
    case 'ConditionalExpression':
      return [...literalsIn(expression.consequent as Node), ...literalsIn(expression.alternate as Node)];
    case 'LogicalExpression':
      return literalsIn(expression.right as Node);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'ParenthesizedExpression':
      return literalsIn(expression.expression as Node);
    default:
      return [];
  }
}

function textOf(literal: Node): string {
  if (literal.type === 'TemplateLiteral')
    return (literal.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked).join('{}');
  return String(literal.value ?? '');
}

function isConsoleCall(node: Node): boolean {
  const callee = node.callee as Node | undefined;
  return (
    node.type === 'CallExpression' &&
    callee?.type === 'MemberExpression' &&
    (callee.object as Node).type === 'Identifier' &&
    (callee.object as Node).name === 'console'
  );
}

/** Scans one view file's source; `file` only names it in the findings. */
export function literalTextIn(source: string, file: string): Literal[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['jsx', 'typescript'] });
  const found: Literal[] = [];
  const seen = new Set<Node>();
  const report = (node: Node, text: string) => {
    seen.add(node);
    if (LETTER.test(text)) found.push({ file, line: node.loc?.start.line ?? 0, text: text.trim() });
  };

  const visit = (node: Node, parent: Node | null) => {
    if (isConsoleCall(node)) return;
    if (node.type === 'JSXText') report(node, node.value as string);
    if (node.type === 'JSXExpressionContainer' && (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment'))
      for (const literal of literalsIn(node.expression as Node)) report(literal, textOf(literal));
    if (node.type === 'JSXAttribute' && node.value) {
      const name = (node.name as Node).name as string;
      const value = node.value as Node;
      if (!TECHNICAL_PROPS.has(name) && !name.startsWith('data-') && !name.startsWith('aria-')) {
        for (const literal of value.type === 'JSXExpressionContainer' ? literalsIn(value.expression as Node) : [value])
          report(literal, textOf(literal));
      } else if (/^aria-(label|description|roledescription|valuetext|placeholder)$/.test(name)) {
        for (const literal of value.type === 'JSXExpressionContainer' ? literalsIn(value.expression as Node) : [value])
          report(literal, textOf(literal));
      }
    }
    if (
      node.type === 'StringLiteral' &&
      !seen.has(node) &&
      READS_LIKE_WORDS.test(node.value as string) &&
      !(parent && NOT_TEXT_PARENTS.has(parent.type)) &&
      !(parent?.type === 'ObjectProperty' && parent.key === node)
    )
      report(node, node.value as string);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key.endsWith('Comments')) continue;
      if (Array.isArray(child)) for (const item of child) isNode(item) && visit(item, node);
      else if (isNode(child)) visit(child, node);
    }
  };
  visit(ast.program as unknown as Node, null);
  return found;
}

/** Every view file (.ts, .tsx) under the given folders. */
export function viewFiles(...roots: string[]): string[] {
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => path.join(root, name)),
  );
}

export function literalTextInFiles(files: string[]): Literal[] {
  return files.flatMap((file) => literalTextIn(readFileSync(file, 'utf8'), file));
}
