import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { remoteCodeProblems } from '../../store/rules/remote-code';

// The built packages (`npm test` builds both before this suite; `npm run release` checks its own).
const outDir = process.env.LINKPILOT_OUT_DIR ?? '.output';
const packages = ['chrome-mv3', 'firefox-mv2'].map((name) => path.resolve(outDir, name));

function filesOf(dir: string): { path: string; text: string }[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const full = path.join(d, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return walk(dir).map((full) => ({ path: path.relative(dir, full), text: readFileSync(full, 'utf8') }));
}

describe.each(packages)('the built package %s', (dir) => {
  it('loads no code from outside and builds none from strings', () => {
    expect(existsSync(path.join(dir, 'manifest.json')), `${dir} is not built`).toBe(true);
    const files = filesOf(dir);
    expect(files.filter((f) => f.path.endsWith('.js')).length).toBeGreaterThan(3);
    expect(remoteCodeProblems(files)).toEqual([]);
  });

  it('holds scripts of ASCII alone, which the browser keeps as one byte a character', () => {
    // One character past Latin-1 anywhere in a script makes the browser decode and keep the whole
    // file as two bytes a character: the popup's entry then ran about 5 ms later (wxt.config.ts).
    // ASCII, not Latin-1, is held: it is what the build's escaping gives, and needs no decoding.
    const wide = filesOf(dir)
      .filter((f) => f.path.endsWith('.js'))
      .flatMap((f) =>
        [...f.text.matchAll(/[\u0080-\uffff]/g)].map((m) => `${f.path}: ${JSON.stringify(m[0])} at ${m.index}`),
      );
    expect(wide).toEqual([]);
  });
});
