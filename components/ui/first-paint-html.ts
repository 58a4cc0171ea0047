import type { Plugin } from 'vite';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Rewrites a built page (`page`: its source path, here the popup's) for its first paint, which its boot
 * script (`boot`, its `src`) draws from the last first screen it kept (lib/browser/first-screen-snapshot.ts).
 * The page asks for nothing but its stylesheets and the boot script: its module entry and the modules
 * that entry imports are named in the boot script's `data-main` and `data-preload`, and the boot script
 * asks for them once the picture's frame has left the page. Every file a page asks for queues in the
 * browser before the next; with the modules in the page, the boot script's file came after seven of
 * them, and their evaluation then held the picture's paint back. Measured with bench:moment (README,
 * Decisions).
 */
export function firstPaintFirst(page: string, boot: string): Plugin {
  return {
    name: 'linkpilot:first-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { path }) {
        const bootTag = `<script src="${boot}"></script>`;
        const entry = html.match(ENTRY);
        if (!path.endsWith(`/${page}`) || !entry || !html.includes(bootTag)) return html;
        const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]).join(' ');
        return html
          .replace(ENTRY, '')
          .replace(PRELOAD, '')
          .replace(bootTag, `<script src="${boot}" data-main="${entry[1]}" data-preload="${preloads}"></script>`);
      },
    },
  };
}
