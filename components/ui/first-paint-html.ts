import type { OutputAsset, OutputBundle } from 'rollup';
import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>\s*/g;
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * Rewrites a built page (`page`: its source path, here the popup's) for its first paint, which its boot
 * script (`boot`, its `src`) draws from the last first screen it kept (lib/browser/first-screen-snapshot.ts):
 * - its stylesheets are written into the page: the paint waits for no file but the boot script;
 * - its modules are only preloaded, after the boot script, whose file is then the first one asked for;
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
      handler(html, { path, bundle }) {
        const bootTag = `<script src="${boot}"></script>`;
        const entry = html.match(ENTRY);
        if (!path.endsWith(`/${page}`) || !bundle || !entry || !html.includes(bootTag)) return html;
        const preloads = [
          `<link rel="modulepreload" crossorigin href="${entry[1]}">`,
          ...(html.match(PRELOADS) ?? []),
        ].map((tag) => tag.trim());
        return html
          .replace(ENTRY, '')
          .replace(PRELOADS, '')
          .replace(STYLESHEET, (tag, file: string) => {
            const css = styles(bundle, file);
            return css === null ? tag : `<style>${css}</style>\n    `;
          })
          .replace(bootTag, [`<script src="${boot}" data-main="${entry[1]}"></script>`, ...preloads].join('\n    '));
      },
    },
  };
}

/** The text of the bundle's stylesheet `file`, or null when it is not one (then the link stays). */
function styles(bundle: OutputBundle, file: string): string | null {
  const asset = bundle[file] as OutputAsset | undefined;
  if (asset?.type !== 'asset') return null;
  const text = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
  // A stylesheet that names other files would resolve them against the page instead of assets/.
  return text.includes('url(') || text.includes('</style') ? null : text;
}
