import type { Page } from '@playwright/test';

/**
 * What a designer looks for on every screen, in every language, found in the page itself:
 *
 * - cut text: a button, select, label, heading, legend, tab or badge whose text needs more room
 *   than it has (`scrollWidth` over `clientWidth`; for a select, the width it takes on its own with
 *   its chosen option), or that an ancestor which hides or scrolls its overflow cuts off; an empty
 *   field's placeholder wider than the field. An intentional ellipsis is
 *   exempt when it says what it hides: computed `text-overflow: ellipsis` and the full text in a
 *   `title` on the element or an ancestor;
 * - sideways scrolling of the page;
 * - in a right-to-left page, an address (URL, host, e-mail) that is not isolated left to right, or that
 *   shares its isolate with words of the page's language; and such words laid out left to right;
 * - text that names a link shown some other way than the one component (components/ui/LinkText.tsx):
 *   a short address whose alias is cut or hidden by its box (found by `shortHost`, the service's host,
 *   in the text or in a `title`, `href` or `data-whole` that holds the whole); a text whose start is
 *   cut or hidden (an address shortened at its start, a Latin title losing its first letters in an
 *   Arabic page); two addresses of one row run together or on one line of a list item; and any
 *   `text-overflow: ellipsis` on an element that shows an address or is titled with one.
 *
 * Each problem is one line naming the element, so a failure says where to look.
 */
export async function layoutProblems(page: Page, { shortHost = '' }: { shortHost?: string } = {}): Promise<string[]> {
  return page.evaluate((shortHost) => {
    const problems: string[] = [];
    const TOLERANCE = 1;
    const name = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const cls = el.getAttribute('class');
      return `<${el.tagName.toLowerCase()}${cls ? ` class="${cls}"` : ''}> "${text}"`;
    };
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 2 || rect.height <= 2) return false;
      return el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    };
    const fullTextInTitle = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const select = el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '').trim() : null;
      const titled = el.closest('[title]');
      const title = titled?.getAttribute('title') ?? '';
      return title.length > 0 && title.includes(select ?? text);
    };
    const ellipsised = (el: Element) => getComputedStyle(el).textOverflow === 'ellipsis' && fullTextInTitle(el);

    /** The width a select needs for its chosen option: a copy of it, free of width limits, beside it. */
    const selectNeeds = (select: HTMLSelectElement) => {
      const copy = select.cloneNode(false) as HTMLSelectElement;
      const chosen = select.selectedOptions[0];
      if (chosen) copy.append(chosen.cloneNode(true));
      copy.removeAttribute('id');
      copy.setAttribute('aria-hidden', 'true');
      copy.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none;';
      select.after(copy);
      const width = copy.getBoundingClientRect().width;
      copy.remove();
      return width;
    };

    const CONTROLS =
      'button, select, label, h1, h2, h3, h4, h5, h6, legend, summary, th, [role="tab"], .badge, .file-button, a.button-link';
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (!shown(el)) continue;
      if (el.closest('.visually-hidden')) continue;
      const style = getComputedStyle(el);
      if (el instanceof HTMLSelectElement) {
        const needs = selectNeeds(el);
        if (needs > el.getBoundingClientRect().width + TOLERANCE && !ellipsised(el))
          problems.push(
            `cut: ${name(el)} has ${Math.round(el.getBoundingClientRect().width)}px, needs ${Math.round(needs)}px`,
          );
      } else if (style.display !== 'inline' && el.scrollWidth > el.clientWidth + TOLERANCE && !ellipsised(el)) {
        problems.push(`cut: ${name(el)} has ${el.clientWidth}px, needs ${el.scrollWidth}px`);
      }
      // Cut by a box around it that hides or scrolls what overflows: sideways scrolling inside a box
      // is as hidden as a cut.
      const rect = el.getBoundingClientRect();
      for (let box = el.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        if (ellipsised(box)) break;
        // What the box shows is inside its borders (and scroll bar).
        const left = box.getBoundingClientRect().left + box.clientLeft;
        const right = left + box.clientWidth;
        if (rect.left < left - TOLERANCE || rect.right > right + TOLERANCE) {
          problems.push(`clipped: ${name(el)} by ${name(box).slice(0, 80)}`);
          break;
        }
      }
    }

    // A placeholder is what an empty field says it is for: it must be read whole.
    // Measured as the field's own text: the placeholder typed in, then taken out again.
    for (const input of document.querySelectorAll('input')) {
      if (!shown(input) || input.value || !input.placeholder || !/^(text|search|url|email|)$/.test(input.type))
        continue;
      input.value = input.placeholder;
      const { scrollWidth, clientWidth } = input;
      input.value = '';
      if (scrollWidth > clientWidth + TOLERANCE)
        problems.push(`cut placeholder: "${input.placeholder}" has ${clientWidth}px, needs ${scrollWidth}px`);
    }

    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      problems.push(`sideways: the page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`);
    }

    if (getComputedStyle(root).direction === 'rtl') {
      const ADDRESS =
        /(https?:\/\/\S+|[\w.+-]+@[\w-]+(\.[\w-]+)+|\b[\w-]+(\.[\w-]+)+(:\d+)?\/\S*|\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|de|fr|es|io|test|example)\b)/i;
      const ARABIC = /[\u0600-\u06ff]/;
      const isolating = (el: Element) => {
        const bidi = getComputedStyle(el).unicodeBidi;
        return el.tagName === 'BDI' || el.hasAttribute('dir') || /isolate|plaintext/.test(bidi);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const parent = node.parentElement;
        if (!parent || !text.trim() || parent.closest('script, style, .visually-hidden, [hidden]')) continue;
        if (!shown(parent)) continue;
        const direction = getComputedStyle(parent).direction;
        if (ADDRESS.test(text)) {
          let isolate: Element | null = parent;
          while (isolate && !isolating(isolate)) isolate = isolate.parentElement;
          const ltr = isolate && isolate !== root && getComputedStyle(isolate).direction === 'ltr';
          if (!ltr || direction !== 'ltr')
            problems.push(`not isolated left to right: "${text.trim()}" in ${name(parent)}`);
          else if (ARABIC.test(text)) problems.push(`words inside an address's isolate: "${text.trim()}"`);
        } else if (ARABIC.test(text) && direction === 'ltr') {
          problems.push(`words laid out left to right: "${text.trim()}" in ${name(parent)}`);
        }
      }
      for (const input of document.querySelectorAll('input')) {
        if (shown(input) && ADDRESS.test(input.value) && getComputedStyle(input).direction !== 'ltr')
          problems.push(`address field not left to right: ${input.value}`);
      }
    }
    // ── Text that names a link ──────────────────────────────────────────────────────────────────
    const WEB = /(https?:\/\/\S+|\b[\w-]+(\.[\w-]+)+(:\d+)?\/\S*|\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b)/i;
    const COMPONENT = '.link-text';
    /** The boxes around a node that cut what overflows them sideways. */
    const clippers = (node: Node) => {
      const boxes: Element[] = [];
      for (let box = node.parentElement; box && box !== root; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') boxes.push(box);
      return boxes;
    };
    /** Whether `length` characters of a text node from `start` are drawn inside every box that could cut them. */
    const inView = (node: Text, start: number, length: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, Math.min(start + length, node.length));
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      return clippers(node).every((box) => {
        const left = box.getBoundingClientRect().left + box.clientLeft;
        const right = left + box.clientWidth;
        return rects.every((r) => r.left >= left - TOLERANCE && r.right <= right + TOLERANCE);
      });
    };
    const texts: Text[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest('script, style, .visually-hidden, [hidden]')) continue;
      if (shown(parent)) texts.push(node as Text);
    }
    const quote = (text: string) => `"${text.replace(/\s+/g, ' ').trim().slice(0, 70)}"`;

    // A short address: its alias whole and in view, wherever the whole address is held.
    if (shortHost) {
      const aliasOf = (value: string) => {
        const bare = value.replace(/^https?:\/\//i, '');
        if (!bare.startsWith(`${shortHost}/`)) return null;
        return (
          bare
            .slice(shortHost.length + 1)
            .split(/\s/)[0]!
            .replace(/\/$/, '') || null
        );
      };
      for (const el of document.querySelectorAll('[title], [href], [data-whole]')) {
        if (!shown(el) || !el.textContent?.trim()) continue;
        const alias =
          aliasOf(el.getAttribute('data-whole') ?? '') ??
          aliasOf(el.getAttribute('href') ?? '') ??
          aliasOf(el.getAttribute('title') ?? '');
        if (!alias) continue;
        const holder = texts.find((t) => el.contains(t) && t.data.includes(alias));
        if (!holder) problems.push(`alias cut: ${name(el)} lacks "${alias}"`);
        else if (!inView(holder, holder.data.indexOf(alias), alias.length))
          problems.push(`alias hidden: "${alias}" cut by its box in ${name(el)}`);
      }
      for (const node of texts) {
        const at = node.data.indexOf(`${shortHost}/`);
        if (at === -1) continue;
        const rest = node.data.slice(at + shortHost.length + 1).split(/\s/)[0]!;
        if (rest === '' || rest.endsWith('…')) problems.push(`alias cut: ${quote(node.data)}`);
      }
    }

    // A text's start is what it is read by: never cut, never hidden by its box.
    for (const node of texts) {
      const first = node.data.search(/\S/);
      if (WEB.test(node.data) && node.data.trim().startsWith('…'))
        problems.push(`address cut at its start: ${quote(node.data)}`);
      else if (!inView(node, first, 1))
        problems.push(`start hidden: ${quote(node.data)} in ${name(node.parentElement!)}`);
    }

    // The addresses of one row: apart, and in a list item each on its own line.
    const rows = new Map<Element, { owner: Element; text: string; rect: DOMRect }[]>();
    for (const node of texts) {
      if (!WEB.test(node.data)) continue;
      const row = node.parentElement!.closest('li, tr');
      if (!row) continue;
      // The host and the path of one address are one address.
      const owner = node.parentElement!.closest(`${COMPONENT}, bdi, [dir], a`) ?? node.parentElement!;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects())
        if (rect.width > 0) rows.set(row, [...(rows.get(row) ?? []), { owner, text: node.data, rect }]);
    }
    for (const [row, parts] of rows) {
      for (const [i, a] of parts.entries()) {
        for (const b of parts.slice(i + 1)) {
          if (a.owner === b.owner || a.owner.contains(b.owner) || b.owner.contains(a.owner)) continue;
          const sameLine =
            Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top) > a.rect.height / 2;
          if (!sameLine) continue;
          const gap = Math.max(b.rect.left - a.rect.right, a.rect.left - b.rect.right);
          if (gap < 4) problems.push(`run together: ${quote(a.text)} and ${quote(b.text)}`);
          else if (row.tagName === 'LI')
            problems.push(`two addresses on one line: ${quote(a.text)} and ${quote(b.text)}`);
        }
      }
    }

    // The one way to cut text that names a link: any other ellipsis on an address is found.
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest(COMPONENT) || !shown(el) || getComputedStyle(el).textOverflow !== 'ellipsis') continue;
      const text = el.textContent ?? '';
      if (WEB.test(text) || /^https?:\/\//i.test(el.getAttribute('title') ?? ''))
        problems.push(`link named outside LinkText, cut by text-overflow: ${name(el)}`);
    }
    return problems;
  }, shortHost);
}

/**
 * Every open dialog's primary action in view: its form's submit button (else its last button that is
 * not secondary, ghost or the close cross) wholly inside the window and not scrolled out of sight in a
 * box around it. A dialog taller than the window must keep its action where the hand goes, not below
 * the fold. One line per dialog that hides it, naming the dialog and the button.
 */
export async function dialogActionProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const TOLERANCE = 1;
    const words = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      const submits = [...dialog.querySelectorAll('button[type="submit"]')];
      const plain = [...dialog.querySelectorAll('button')].filter(
        (b) => !b.closest('.dialog-head') && !/\b(secondary|ghost)\b/.test(b.className),
      );
      const primary = submits.at(-1) ?? plain.at(-1);
      const title = words(dialog.querySelector('h2') ?? dialog);
      if (!primary) {
        problems.push(`no primary action: dialog "${title}"`);
        continue;
      }
      const rect = primary.getBoundingClientRect();
      let top = 0;
      let bottom = window.innerHeight;
      for (let box = primary.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowY === 'visible') continue;
        const inner = box.getBoundingClientRect().top + box.clientTop;
        top = Math.max(top, inner);
        bottom = Math.min(bottom, inner + box.clientHeight);
      }
      if (rect.height === 0 || rect.top < top - TOLERANCE || rect.bottom > bottom + TOLERANCE)
        problems.push(
          `below the fold: "${words(primary)}" of dialog "${title}" at ${Math.round(rect.top)}–${Math.round(rect.bottom)}px, in view ${Math.round(top)}–${Math.round(bottom)}px`,
        );
    }
    return problems;
  });
}
