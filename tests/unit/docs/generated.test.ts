import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreCountsTable, generatedDocs } from '../../../scripts/docs.mjs';
import { ROOT } from '../../../scripts/docs-graph.mjs';

describe('the generated blocks in docs/', () => {
  // One read of the tree for every file: the import graph walks lib/, components/ and entrypoints/.
  const expected = generatedDocs();

  it.each([...expected.keys()])('%s is current (else run `npm run docs`)', (file) => {
    const actual = readFileSync(join(ROOT, file), 'utf8');
    expect(actual === expected.get(file), `${file} is out of date: run \`npm run docs\``).toBe(true);
  });
});

describe('the core counts as a table', () => {
  it('has one row per measure and leaves out the hits', () => {
    const output = [
      '{"measure":"casts on meta reads","goal":0,"count":1}',
      '{"hit":"lib/x.ts:3"}',
      '{"measure":"a | b","goal":2,"count":2,"withReason":2}',
    ].join('\n');
    expect(coreCountsTable(output).split('\n')).toEqual([
      '| Measure | Goal | Count |',
      '| --- | --- | --- |',
      '| casts on meta reads | 0 | 1 |',
      '| a \\| b | 2 | 2 |',
    ]);
  });
});
