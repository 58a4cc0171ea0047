import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDocs } from '../../../scripts/docs.mjs';
import { ROOT } from '../../../scripts/docs-graph.mjs';

describe('the generated blocks in docs/', () => {
  // One read of the tree for every file: the import graph walks lib/, components/ and entrypoints/.
  const expected = generatedDocs();

  it.each([...expected.keys()])('%s is current (else run `npm run docs`)', (file) => {
    const actual = readFileSync(join(ROOT, file), 'utf8');
    expect(actual === expected.get(file), `${file} is out of date: run \`npm run docs\``).toBe(true);
  });
});
