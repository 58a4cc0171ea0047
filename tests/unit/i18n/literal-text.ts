import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

/**
 * Finds text a person would read that is written into a view instead of taken from the catalogue.
 *
 * Why a syntax scan and not a render check: most views need a database, a browser and a service to
 * render, so rendering each one in a test would cover only the few that render alone. Parsing every
 * view file covers them all, including branches a render never takes (an error, an empty list).
 *
 * What counts as text: a JSX text child, a string or template literal written as a JSX child or
 * given to a prop that is shown to people (aria-label, title, placeholder, alt, and the label-like
 * props of our own components), including both arms of a `?:` and the right side of `&&`/`||`/`??`
 * in those places; and any string literal that reads like words (starts with a capital letter, or has
 * two words) passed to a function whose result is shown: the catalogue is the only way in for those.
 * A literal with no letter in it (punctuation, symbols, digits: "·", "—", "%", "→") is allowed.
 */
export interface Literal {
  file: string;
  line: number;
  text: string;
}

const SHOWN_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'heading',
  'description',
  'message',
  'action',
  'confirmLabel',
  'emptyText',
]);

const LETTER = /\p{L}/u;

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };

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
  if (literal.type === 'StringLiteral') return literal.value as string;
  if (literal.type === 'TemplateLiteral')
    return (literal.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked).join(' ');
  return (literal.value as string) ?? '';
}

/** Scans one view file's source; `file` only names it in the findings. */
export function literalTextIn(source: string, file: string): Literal[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['jsx', 'typescript'] });
  const found: Literal[] = [];
  const report = (node: Node, text: string) => {
    if (LETTER.test(text)) found.push({ file, line: node.loc?.start.line ?? 0, text: text.trim() });
  };

  const visit = (node: Node, parent: Node | null) => {
    switch (node.type) {
      case 'JSXText':
        report(node, node.value as string);
        break;
      case 'JSXExpressionContainer':
        // A child written as {'text'} or {cond ? 'a' : 'b'}; attribute values are checked below.
        if (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')
          for (const literal of literalsIn(node.expression as Node)) report(literal, textOf(literal));
        break;
      case 'JSXAttribute': {
        const name = (node.name as Node).name as string;
        const value = node.value as Node | null;
        if (value && SHOWN_PROPS.has(name)) {
          const literals = value.type === 'JSXExpressionContainer' ? literalsIn(value.expression as Node) : [value];
          for (const literal of literals) report(literal, textOf(literal));
        }
        break;
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      if (Array.isArray(child)) for (const item of child) isNode(item) && visit(item, node);
      else if (isNode(child)) visit(child, node);
    }
  };
  visit(ast.program as unknown as Node, null);
  return found;
}

/** Every .tsx file under the given folders. */
export function viewFiles(...roots: string[]): string[] {
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => path.join(root, name)),
  );
}

export function literalTextInFiles(files: string[]): Literal[] {
  return files.flatMap((file) => literalTextIn(readFileSync(file, 'utf8'), file));
}
