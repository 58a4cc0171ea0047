import { describe, expect, it } from 'vitest';
import { folderOf, importsOf, replaceBlock } from '../../../scripts/docs-graph.mjs';

describe('the import graph', () => {
  it('finds every kind of import, and which bring types only', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '@/lib/db/schema';",
      "import { type C, type D } from './c';",
      "import e, { type E } from './e';",
      'import {',
      '  f,',
      '  g,',
      "} from '../f';",
      "export * from './h';",
      "export type { I } from './i';",
      "import './theme.css';",
      "const Lazy = lazy(() => import('./Lazy'));",
      '// Words that mention import and from are not a statement.',
    ].join('\n');
    const found = Object.fromEntries(importsOf(text).map((i) => [i.specifier, i.typeOnly]));
    expect(found).toEqual({
      './a': false,
      '@/lib/db/schema': true,
      './c': true,
      './e': false,
      '../f': false,
      './h': false,
      './i': true,
      './theme.css': false,
      './Lazy': false,
    });
  });

  it('collapses files to the folders the diagram shows', () => {
    expect(folderOf('lib/sync/actions.ts')).toBe('lib/sync');
    expect(folderOf('lib/words.ts')).toBe('lib/words');
    expect(folderOf('components/links/LinkTable.tsx')).toBe('components');
    expect(folderOf('entrypoints/background/index.ts')).toBe('entrypoints/background');
    expect(folderOf('entrypoints/popup-boot.ts')).toBe('entrypoints/popup-boot');
    expect(folderOf('server/main.ts')).toBeNull();
  });

  it('replaces only what lies between its markers', () => {
    const text = 'a\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nb\n';
    expect(replaceBlock(text, 'x', 'new')).toBe('a\n<!-- generated:x -->\nnew\n<!-- /generated:x -->\nb\n');
    expect(() => replaceBlock(text, 'y', 'new')).toThrow();
  });
});
