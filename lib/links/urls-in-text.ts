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
 * The addresses to replace in a field: those wholly inside the selection; with nothing selected,
 * the address the caret stands in (or touches), else the field's one address when it holds exactly
 * one, whatever words are around it. The words around are the person's own and never touched; a
 * field of several addresses and no selection is left for the person to say which.
 */
export function urlsToReplace({ text, start, end }: FieldText): UrlSpan[] {
  const spans = urlsInText(text);
  if (start < end) return spans.filter((s) => s.start >= start && s.end <= end);
  const atCaret = spans.find((s) => s.start <= start && start <= s.end);
  if (atCaret) return [atCaret];
  return spans.length === 1 ? spans : [];
}

/** Why nothing is replaced in a field: no address in it (or the selection), or several to choose from. */
export function nothingToReplace({ text, start, end }: FieldText): 'none' | 'choose' {
  return start === end && urlsInText(text).length > 1 ? 'choose' : 'none';
}
