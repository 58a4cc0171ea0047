import type { Plugin } from 'vite';
import type { EntrypointGroup } from 'wxt';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Rewrites a built page (`page`: its source path, here the popup's) for its first paint, which its boot
 * script (`boot`, its `src`) draws from the last first screen it kept (lib/browser/first-screen-snapshot.ts).
 * The page asks for nothing but its stylesheets and the boot script, which imports the page's module
 * entry once the picture's frame has left the page; the entry's own imports follow it. Every file a page
 * asks for queues in the browser before the next; with the modules in the page, the boot script's file
 * came after seven of them, and their evaluation then held the picture's paint back. Measured with
 * bench:moment (README, Decisions 0023).
 *
 * The entry is built at a fixed address (`entry`, e.g. `/chunks/popup.js`) because the boot script must
 * name it as a literal: the stores' lint (`web-ext lint`) refuses an `import()` of a computed address.
 * The boot script's own build leaves that import to the browser, and the page says in `data-main` that
 * it was built so (without it, under `wxt dev`, the page's own module script runs).
 */
export function firstPaintFirst({ page, boot, entry }: { page: string; boot: string; entry: string }): Plugin {
  const entryName = entry.slice(entry.lastIndexOf('/') + 1, -'.js'.length);
  return {
    name: 'linkpilot:first-paint-first',
    apply: 'build',
    resolveId: (id) => (id === entry ? { id, external: true } : null),
    outputOptions(options) {
      const named = options.entryFileNames;
      if (typeof named !== 'function') return null;
      return { ...options, entryFileNames: (chunk) => (chunk.name === entryName ? entry.slice(1) : named(chunk)) };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { path }) {
        const bootTag = `<script src="${boot}"></script>`;
        const built = html.match(ENTRY);
        if (!path.endsWith(`/${page}`) || !built || !html.includes(bootTag)) return html;
        if (built[1] !== entry) throw new Error(`${page}: its module entry was built as ${built[1]}, not ${entry}`);
        return html
          .replace(ENTRY, '')
          .replace(PRELOAD, '')
          .replace(bootTag, `<script src="${boot}" data-main="${entry}"></script>`);
      },
    },
  };
}

/**
 * A WXT `entrypoints:grouped` hook that builds the page `name` (the popup) on its own, apart from the
 * other pages. Built with them, its entry imported five chunks it shared with the dashboard (React's among
 * them), which the browser asks for only once the entry has come and been read: a second trip between
 * the picture and the live list. Built alone, everything it imports statically is in its entry, one
 * file; what it loads later stays in chunks of its own. Its modules are then in the package twice (the
 * pages never share a module instance anyway). Measured with bench:moment (README, Decisions 0023).
 */
export function builtAlone(name: string): (wxt: unknown, groups: EntrypointGroup[]) => void {
  return (_wxt, groups) => {
    const pages = groups.find((group) => Array.isArray(group) && group.some((entry) => entry.name === name));
    if (!Array.isArray(pages)) throw new Error(`${name}: no such page among the entrypoints to build alone`);
    if (pages.length === 1) return;
    const [alone] = pages.splice(
      pages.findIndex((entry) => entry.name === name),
      1,
    );
    groups.push([alone!]);
  };
}
