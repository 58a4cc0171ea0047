/** What was read of a text field: its text, and the selection in it (start = end when nothing is selected). */
export interface FieldText {
  text: string;
  start: number;
  end: number;
}

/** One web address found in a text, by its offsets in that text. */
export interface UrlSpan {
  start: number;
  end: number;
  url: string;
}

// An address runs to the next white space or character that cannot be in a written URL.
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
// Sentence punctuation right after an address belongs to the sentence, not to the address.
const TRAILING = /[.,;:!?'"*]+$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

/** The address without the punctuation that ends the sentence around it, or a closing bracket it never opened. */
function trimTail(candidate: string): string {
  let url = candidate;
  for (;;) {
    const next = url.replace(TRAILING, '');
    const last = next.at(-1);
    const opener = last ? CLOSERS[last] : undefined;
    if (opener && count(next, last as string) > count(next, opener)) {
      url = next.slice(0, -1);
      continue;
    }
    if (next === url) return url;
    url = next;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Every web address in a text, in order. */
export function urlsInText(text: string): UrlSpan[] {
  const found: UrlSpan[] = [];
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = trimTail(match[0]);
    if (isWebUrl(url)) found.push({ start: match.index, end: match.index + url.length, url });
  }
  return found;
}

/**
 * The addresses to replace in a field: those wholly inside the selection, or, with nothing
 * selected, the field's whole text when it is one address (white space around it aside). Any
 * other text is the person's own and is never touched.
 */
export function urlsToReplace({ text, start, end }: FieldText): UrlSpan[] {
  if (start < end) {
    return urlsInText(text).filter((s) => s.start >= start && s.end <= end);
  }
  const only = text.trim();
  const offset = text.indexOf(only);
  const spans = urlsInText(only);
  const whole = spans.length === 1 && spans[0]?.url === only;
  return whole ? [{ start: offset, end: offset + only.length, url: only }] : [];
}
