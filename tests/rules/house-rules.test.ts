import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The house rules live in biome.jsonc. This proves each one fires where it should and stays quiet
// where the code is allowed, by linting small files laid out like the project, with its own config.
const root = mkdtempSync(path.join(tmpdir(), 'linkpilot-rules-'));
copyFileSync('biome.jsonc', path.join(root, 'biome.jsonc'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Finding {
  category: string;
  location: { path: string };
}

function lint(files: Record<string, string>): Finding[] {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const biome = path.resolve('node_modules/.bin/biome');
  const run = spawnSync(biome, ['lint', '--vcs-enabled=false', '--reporter=json', ...Object.keys(files)], {
    cwd: root,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Finding[] };
  return report.diagnostics.filter((d) => d.category.startsWith('lint/'));
}

const rulesAt = (findings: Finding[], file: string) =>
  // Sorted: the order in which Biome reports rules is not part of the contract.
  findings
    .filter((f) => f.location.path.endsWith(file))
    .map((f) => f.category)
    .sort();

describe('house rules (biome.jsonc)', () => {
  it('keeps browser APIs in entrypoints/ and lib/browser/', () => {
    const findings = lint({
      'lib/sync/a.ts':
        "import { browser } from 'wxt/browser';\nexport const a = [browser, chrome, navigator.clipboard];\n",
      'components/b.ts': "export const b = [chrome.tabs, navigator.clipboard.writeText('x')];\n",
      'lib/browser/c.ts':
        "import { browser } from 'wxt/browser';\nexport const c = [browser.tabs, navigator.clipboard];\n",
      'entrypoints/popup/d.ts': "import { browser } from 'wxt/browser';\nexport const d = browser.tabs;\n",
    });
    expect(rulesAt(findings, 'lib/sync/a.ts')).toEqual([
      'lint/nursery/noJsRestrictedProperties',
      'lint/style/noRestrictedGlobals',
      'lint/style/noRestrictedImports',
    ]);
    expect(rulesAt(findings, 'components/b.ts')).toEqual([
      'lint/nursery/noJsRestrictedProperties',
      'lint/style/noRestrictedGlobals',
    ]);
    expect(rulesAt(findings, 'lib/browser/c.ts')).toEqual([]);
    expect(rulesAt(findings, 'entrypoints/popup/d.ts')).toEqual([]);
  });

  it('keeps the DOM out of the worker and of lib/', () => {
    const findings = lint({
      'entrypoints/background/e.ts': 'export const e = document.title;\n',
      'lib/db/f.ts': 'export const f = window.location;\n',
      'entrypoints/offscreen/g.ts': "export const g = document.execCommand('copy');\n",
    });
    expect(rulesAt(findings, 'entrypoints/background/e.ts')).toEqual(['lint/style/noRestrictedGlobals']);
    expect(rulesAt(findings, 'lib/db/f.ts')).toEqual(['lint/style/noRestrictedGlobals']);
    expect(rulesAt(findings, 'entrypoints/offscreen/g.ts')).toEqual([]);
  });

  it('allows fetch in lib/api/ only', () => {
    const findings = lint({
      'lib/api/h.ts': "export const h = () => fetch('/api/account');\n",
      'lib/sync/i.ts': "export const i = () => fetch('/api/account');\n",
      'components/j.ts': "export const j = () => fetch('/api/account');\n",
      'entrypoints/background/k.ts': "export const k = () => fetch('/api/account');\n",
    });
    expect(rulesAt(findings, 'lib/api/h.ts')).toEqual([]);
    expect(rulesAt(findings, 'lib/sync/i.ts')).toEqual(['lint/style/noRestrictedGlobals']);
    expect(rulesAt(findings, 'components/j.ts')).toEqual(['lint/style/noRestrictedGlobals']);
    expect(rulesAt(findings, 'entrypoints/background/k.ts')).toEqual(['lint/style/noRestrictedGlobals']);
  });

  it('keeps lib/ free of views and the extension and server/ apart', () => {
    const findings = lint({
      'lib/db/l.ts':
        "import { A } from '../../components/ui/A';\nimport { B } from '@/entrypoints/popup/B';\nexport const l = [A, B];\n",
      'lib/sync/m.ts': "import { C } from '../../server/app';\nexport const m = C;\n",
      'server/n.ts':
        "import { D } from '../lib/api/client';\nimport { E } from '@/components/E';\nexport const n = [D, E];\n",
      'components/o.ts': "import { F } from '../lib/api/client';\nexport const o = F;\n",
    });
    expect(rulesAt(findings, 'lib/db/l.ts')).toEqual([
      'lint/style/noRestrictedImports',
      'lint/style/noRestrictedImports',
    ]);
    expect(rulesAt(findings, 'lib/sync/m.ts')).toEqual(['lint/style/noRestrictedImports']);
    expect(rulesAt(findings, 'server/n.ts')).toEqual([
      'lint/style/noRestrictedImports',
      'lint/style/noRestrictedImports',
    ]);
    expect(rulesAt(findings, 'components/o.ts')).toEqual([]);
  });

  it('keeps sync and refresh two clients of one engine, over one description of each kind', () => {
    const findings = lint({
      'lib/sync/p.ts':
        "import { pullStep } from '../refresh/pull';\nimport { planRefresh } from '@/lib/engine/plan';\nimport { kindOf } from '../kinds';\nexport const p = [pullStep, planRefresh, kindOf];\n",
      'lib/refresh/q.ts':
        "import { enqueue } from '../sync/outbox';\nimport { Budget } from '../engine/budget';\nimport { kindOf } from '../kinds';\nexport const q = [enqueue, Budget, kindOf];\n",
      'lib/kinds/r.ts':
        "import { claim } from '../sync/queue';\nimport { readPage } from '../refresh/lists';\nimport { rows } from '../db/rows';\nexport const r = [claim, readPage, rows];\n",
      'lib/engine/s.ts':
        "import { claim } from '../sync/queue';\nimport { pullStep } from '../refresh/pull';\nimport { kindOf } from '../kinds';\nexport const s = [claim, pullStep, kindOf];\n",
      'lib/sync/t.ts': "import { A } from '../../components/ui/A';\nexport const t = A;\n",
    });
    expect(rulesAt(findings, 'lib/sync/p.ts')).toEqual([
      'lint/style/noRestrictedImports',
      'lint/style/noRestrictedImports',
    ]);
    expect(rulesAt(findings, 'lib/refresh/q.ts')).toEqual([
      'lint/style/noRestrictedImports',
      'lint/style/noRestrictedImports',
    ]);
    expect(rulesAt(findings, 'lib/kinds/r.ts')).toEqual([
      'lint/style/noRestrictedImports',
      'lint/style/noRestrictedImports',
    ]);
    expect(rulesAt(findings, 'lib/engine/s.ts')).toEqual([]);
    // The folders with layering rules of their own keep the rules every file of lib/ has.
    expect(rulesAt(findings, 'lib/sync/t.ts')).toEqual(['lint/style/noRestrictedImports']);
  });
});
