import type { Plugin } from 'vite';
import { ICON_NAMES, type IconName, symbolId } from './icon-names';

type IconNode = [tag: string, attributes: Record<string, string | number>][];

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** lucide's drawing of one icon, as its package ships it (`key` is React's, not SVG's). */
async function drawing(name: IconName): Promise<IconNode> {
  const module = (await import(`lucide-react/dist/esm/icons/${name}.mjs`)) as { __iconData: { node: IconNode } };
  return module.__iconData.node;
}

/** One hidden `<svg>` holding a `<symbol>` per icon the app shows. */
export async function iconSprite(names: readonly IconName[] = ICON_NAMES): Promise<string> {
  const symbols = await Promise.all(
    names.map(async (name) => {
      const shapes = (await drawing(name))
        .map(([tag, attributes]) => {
          const attrs = Object.entries(attributes)
            .filter(([key]) => key !== 'key')
            .map(([key, value]) => ` ${key}="${escapeAttribute(String(value))}"`)
            .join('');
          return `<${tag}${attrs}/>`;
        })
        .join('');
      return `<symbol id="${symbolId(name)}" viewBox="0 0 24 24">${shapes}</symbol>`;
    }),
  );
  return `<svg class="icon-sprite" aria-hidden="true">${symbols.join('')}</svg>`;
}

/**
 * Puts the sprite at the start of every page's body: parsed with the HTML, before any script runs,
 * so the first render's icons are drawn at once.
 */
export function withIconSprite(): Plugin {
  let sprite: Promise<string> | undefined;
  return {
    name: 'linkpilot:icon-sprite',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        sprite ??= iconSprite();
        return html.replace(/<body([^>]*)>/, `<body$1>${await sprite}`);
      },
    },
  };
}
