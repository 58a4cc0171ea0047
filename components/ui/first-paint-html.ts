import type { Plugin } from 'vite';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * Rewrites a built page (`page`: its source path, here the popup's) for its first paint, which its boot
 * script (`boot`, its `src`) draws from the last first screen it kept (lib/browser/first-screen-snapshot.ts):
 * - its modules are only preloaded, after the boot script, whose file is then asked for right after the
 *   stylesheets (which stay links: lazy chunks that import one append its link again when it is
 *   missing, and a stylesheet written into the page came before that second copy in the cascade);
 * - the boot script starts the module entry (named in its `data-main`) once the picture is painted:
 *   run at once after parsing, the modules held that paint back by as long as they took to evaluate.
 * Measured with bench:moment (README, Decisions).
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
        const preloads = [
          `<link rel="modulepreload" crossorigin href="${entry[1]}">`,
          ...(html.match(PRELOADS) ?? []),
        ].map((tag) => tag.trim());
        return html
          .replace(ENTRY, '')
          .replace(PRELOADS, '')
          .replace(bootTag, [`<script src="${boot}" data-main="${entry[1]}"></script>`, ...preloads].join('\n    '));
      },
    },
  };
}
