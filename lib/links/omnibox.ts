import type { LinkRow } from '../db/schema';

/**
 * The address bar's `lp` keyword: the account's links found in the mirror as the person types (no
 * request is sent). Choosing a link goes to its page; the suggestion beside the first copies its
 * short link instead. Chrome draws a suggestion's description from markup (`<match>`, `<url>`,
 * `<dim>`); Firefox shows it as plain text, so `markup` says which to write.
 */
export interface Suggestion {
  /** What the browser hands back when this suggestion is chosen. */
  content: string;
  description: string;
}

/** A suggestion's content that copies instead of opening: a prefix no URL starts with. */
const COPY = 'lp-copy:';

export interface OmniboxWords {
  /** "Copy {short}": the suggestion that copies the first link's short link. */
  copy: (shortUrl: string) => string;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

// C0 and C1 controls (Unicode's Cc, DEL among them) break the line and Chrome's XML; bidi embeddings,
// overrides and isolates let a title reorder what is drawn after it, so a suggestion could show a
// destination other than the one it opens.
const CONTROLS = /\p{Cc}+/gu;
const BIDI_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/g;

/** The service's text as one plain line: a run of controls becomes one space, bidi overrides are dropped. */
export function plainLine(text: string): string {
  return text.replace(CONTROLS, ' ').replace(BIDI_OVERRIDES, '');
}

/** What a description shows of the service's text: a plain line, escaped when it is markup. */
const shown = (text: string, markup: boolean) => (markup ? escapeXml(plainLine(text)) : plainLine(text));

/** One line: the short link, the title (else the alias), the destination; the browser cuts what is too long. */
function describe(link: LinkRow, markup: boolean): string {
  const short = link.shorturl || link.alias;
  const name = link.title || link.alias;
  if (!markup)
    return [short, name, link.longurl]
      .filter(Boolean)
      .map((text) => shown(text, false))
      .join(' · ');
  return `<match>${shown(short, true)}</match> ${shown(name, true)} <dim>—</dim> <url>${shown(link.longurl, true)}</url>`;
}

/** The suggestions for links found: each opens its page; the first's short link can be copied too. */
export function suggestionsFor(links: readonly LinkRow[], markup: boolean, words: OmniboxWords): Suggestion[] {
  const suggestions = links.map((link) => ({ content: link.longurl, description: describe(link, markup) }));
  const first = links.find((l) => l.shorturl);
  if (first?.shorturl) {
    const copy = words.copy(first.shorturl);
    suggestions.splice(1, 0, { content: `${COPY}${first.shorturl}`, description: shown(copy, markup) });
  }
  // The browser refuses two suggestions with the same content: the same page shortened twice shows once.
  const seen = new Set<string>();
  return suggestions.filter((s) => !seen.has(s.content) && seen.add(s.content));
}

export type Entered = { open: string } | { copy: string } | null;

/**
 * What Enter does with `text`: a chosen suggestion's content, or what was typed when none was
 * chosen, in which case the best match (`best`) is opened, as its first suggestion would have been.
 */
export function enteredAction(text: string, best: LinkRow | undefined): Entered {
  if (text.startsWith(COPY)) return { copy: text.slice(COPY.length) };
  // Only web pages are opened: a destination the service stored as anything else is never navigated to.
  const page = isWebUrl(text) ? text : best?.longurl;
  return page && isWebUrl(page) ? { open: page } : null;
}

const isWebUrl = (text: string) => /^https?:\/\/[^\s]+$/i.test(text);
