import type { Plugin } from 'vite';

/** One rewrite of a dependency's source, and why the package must not ship the original. */
interface Patch {
  /** The end of the module's resolved path. */
  module: string;
  find: string;
  replace: string;
}

// Stores flag code built from strings and raw HTML assignment even where it never runs; Linkpilot
// needs neither, so the bundle leaves them out instead of carrying them dead.
const PATCHES: Patch[] = [
  // zod probes `new Function("")` to decide on its JIT; Linkpilot runs zod jitless (lib/zod-setup.ts).
  {
    module: 'zod/v4/core/util.js',
    find: 'const F = Function;\n        new F("");\n        return true;',
    replace: 'return false;',
  },
  // The JIT itself, which jitless never calls.
  {
    module: 'zod/v4/core/doc.js',
    find: 'const F = Function;',
    replace: 'throw new Error("zod runs jitless in Linkpilot");',
  },
  // React's dangerouslySetInnerHTML, which no view uses (Biome forbids it): the prop is ignored.
  {
    module: 'react-dom/cjs/react-dom-client.production.js',
    find: '(domElement.innerHTML = key)',
    replace: 'void 0',
  },
];

/** Applies PATCHES; a find that no longer matches (a dependency changed) fails the build. */
export function withoutCodeFromStrings(): Plugin {
  return {
    name: 'linkpilot:without-code-from-strings',
    enforce: 'pre',
    transform(code, id) {
      const patches = PATCHES.filter((p) => id.replaceAll('\\', '/').endsWith(`node_modules/${p.module}`));
      if (patches.length === 0) return null;
      let out = code;
      for (const patch of patches) {
        if (!out.includes(patch.find)) this.error(`${patch.module}: "${patch.find}" not found; review the patch`);
        out = out.replaceAll(patch.find, patch.replace);
      }
      return { code: out, map: null };
    },
  };
}
