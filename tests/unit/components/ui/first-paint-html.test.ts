import { readFileSync } from 'node:fs';
import type { IndexHtmlTransformHook, Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import type { Entrypoint, EntrypointGroup } from 'wxt';
import { builtAlone, firstPaintFirst } from '@/components/ui/first-paint-html';

const ENTRY = '/chunks/popup.js';

const BUILT = `<head>
    <script type="module" crossorigin src="${ENTRY}"></script>
    <link rel="modulepreload" crossorigin href="/chunks/browser-B.js">
    <link rel="modulepreload" crossorigin href="/chunks/icons-C.js">
    <link rel="stylesheet" crossorigin href="/assets/popup-D.css">
  </head>
  <body>
    <div id="root"></div>
    <script src="/popup-boot.js"></script>
  </body>`;

const plugin = (): Plugin => firstPaintFirst({ page: 'popup/index.html', boot: '/popup-boot.js', entry: ENTRY });

function transform(html: string, page: string): string {
  const hook = plugin().transformIndexHtml as { handler: (...args: Parameters<IndexHtmlTransformHook>) => string };
  return hook.handler(html, { path: page, filename: page });
}

type EntryFileNames = (chunk: { name: string }) => string;

function entryFileNames(names: EntryFileNames | string): EntryFileNames | string | undefined {
  const hook = plugin().outputOptions as (options: { entryFileNames: unknown }) => { entryFileNames: unknown } | null;
  return (hook({ entryFileNames: names }) ?? { entryFileNames: names }).entryFileNames as EntryFileNames | string;
}

describe('the popup built for its first paint', () => {
  it('asks for its stylesheets and boot script only, and says the boot script imports the entry', () => {
    const html = transform(BUILT, '/entrypoints/popup/index.html');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/popup-D.css">');
    expect(html).toContain(`<script src="/popup-boot.js" data-main="${ENTRY}"></script>`);
  });

  it('leaves every other page, and a popup without the boot script, as built', () => {
    expect(transform(BUILT, '/entrypoints/dashboard/index.html')).toBe(BUILT);
    const withoutBoot = BUILT.replace('<script src="/popup-boot.js"></script>', '');
    expect(transform(withoutBoot, '/entrypoints/popup/index.html')).toBe(withoutBoot);
  });

  it('fails the build rather than leave the boot script importing an address the entry is not at', () => {
    const elsewhere = BUILT.replace(ENTRY, '/chunks/popup-A1b2.js');
    expect(() => transform(elsewhere, '/entrypoints/popup/index.html')).toThrow(
      /popup-A1b2\.js, not \/chunks\/popup\.js/,
    );
  });

  it('builds the popup entry at its fixed address and every other entry as named before', () => {
    const names = entryFileNames(({ name }) => `chunks/${name}-[hash].js`) as EntryFileNames;
    expect(names({ name: 'popup' })).toBe('chunks/popup.js');
    expect(names({ name: 'dashboard' })).toBe('chunks/dashboard-[hash].js');
    // The boot script's own build names its single file with a string: left alone.
    expect(entryFileNames('popup-boot.js')).toBe('popup-boot.js');
  });

  it('is the address the boot script imports, as a literal, and one the boot script build leaves external', () => {
    const boot = readFileSync('entrypoints/popup-boot.ts', 'utf8');
    expect(boot).toContain(`import('${ENTRY}')`);
    const resolveId = plugin().resolveId as (id: string) => unknown;
    expect(resolveId(ENTRY)).toEqual({ id: ENTRY, external: true });
    expect(resolveId('/chunks/other.js')).toBeNull();
  });
});

describe('the popup built alone', () => {
  const entry = (name: string) => ({ name }) as Entrypoint;
  const names = (groups: EntrypointGroup[]) =>
    groups.map((group) => (Array.isArray(group) ? group.map((e) => e.name) : group.name));

  it('takes the popup out of the pages built together into a build of its own', () => {
    const groups: EntrypointGroup[] = [[entry('dashboard'), entry('popup'), entry('welcome')], entry('background')];
    builtAlone('popup')(undefined, groups);
    expect(names(groups)).toEqual([['dashboard', 'welcome'], 'background', ['popup']]);
  });

  it('leaves a popup already alone as it is', () => {
    const groups: EntrypointGroup[] = [[entry('popup')], entry('background')];
    builtAlone('popup')(undefined, groups);
    expect(names(groups)).toEqual([['popup'], 'background']);
  });

  it('fails the build when there is no such page, rather than build it with the others unseen', () => {
    expect(() => builtAlone('popup')(undefined, [[entry('dashboard')], entry('popup')])).toThrow(/popup: no such page/);
  });
});
