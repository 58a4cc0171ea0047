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
 *   shares its isolate with words of the page's language; and such words laid out left to right.
 *
 * Each problem is one line naming the element, so a failure says where to look.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
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
    return problems;
  });
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
