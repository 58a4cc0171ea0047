/** localStorage and a page's root as the first screen's picture uses them, for tests in Node. */

/** localStorage as a page has it; `full` refuses every write, as a full store does. */
export function memoryStorage(full = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

/**
 * The parts of a page the picture touches: the root (its markup kept as text in `innerHTML`) and the
 * page's language, direction and theme. Parsed markup stays text here: see FakeDomParser.
 */
export function fakePage(lang = 'en', dir = 'ltr', theme?: string) {
  const page = { lang, dir, dataset: theme ? { theme } : ({} as Record<string, string>) };
  const root = {
    innerHTML: '',
    ownerDocument: { documentElement: page, adoptNode: <T>(node: T) => node },
    replaceChildren(...nodes: string[]) {
      this.innerHTML = nodes.join('');
    },
  };
  return { page: page as unknown as HTMLElement, root: root as unknown as HTMLElement };
}

/** DOMParser for a page without a DOM (stub it as a global): the body's one child is the markup itself. */
export class FakeDomParser {
  parseFromString(markup: string) {
    return { body: { childNodes: [markup] } };
  }
}
