/**
 * Where text that names a link is cut to fit its box. Pure: given the room (in px) and a way to
 * measure a text, it says what to show, so Node tests it with a made-up measure and the page with
 * the font it draws in (components/ui/LinkText.tsx).
 *
 * - a short address never loses its alias: only its host gives way, in its middle;
 * - a long address gives way in its middle, so its host and its last part stay readable;
 * - a title gives way at its end.
 *
 * Letters are grapheme clusters: an accent, an emoji or a joined syllable is kept or dropped whole.
 */

export type Measure = (text: string) => number;

export const ELLIPSIS = '…';

let graphemes: Intl.Segmenter | undefined;

export function lettersOf(text: string): string[] {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/**
 * The most letters (`0…most`) for which `fits(kept)` holds, found by halving: a cut text grows
 * wider as it keeps more, so about eight measures decide a 200-letter address.
 */
function mostThatFit(most: number, fits: (kept: number) => boolean): number {
  let low = 0;
  let high = most;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** `kept` letters of a text around an ellipsis in its middle (the start gets the odd one). */
function middle(letters: string[], kept: number): string {
  const tail = Math.floor(kept / 2);
  return `${letters.slice(0, kept - tail).join('')}${ELLIPSIS}${tail > 0 ? letters.slice(-tail).join('') : ''}`;
}

/** A text in at most `width` px, its middle taken out where an ellipsis stands instead. */
export function cutMiddle(text: string, width: number, measure: Measure, after = ''): string {
  if (measure(text + after) <= width) return text;
  const letters = lettersOf(text);
  const kept = mostThatFit(letters.length - 1, (n) => measure(middle(letters, n) + after) <= width);
  return middle(letters, kept);
}

/** A text in at most `width` px, ending in an ellipsis where its words give way. */
export function cutEnd(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  const letters = lettersOf(text);
  const kept = mostThatFit(letters.length - 1, (n) => measure(letters.slice(0, n).join('') + ELLIPSIS) <= width);
  // A word cut after a space ends in the ellipsis, not in a gap before it.
  return letters.slice(0, kept).join('').trimEnd() + ELLIPSIS;
}

/** A short address as shown: its host (maybe shortened) and its path, whole, on one line or two. */
export interface ShortShown {
  host: string;
  path: string;
  /** The path under the host: beside it the host would keep too little to be recognised. */
  twoLines: boolean;
}

/** Fewer letters of a host than this beside its alias, and the alias goes to a line of its own. */
export const HOST_KEPT_MIN = 12;

/**
 * A short address (no scheme) in `width` px: whole when it fits; else its host shortened in its
 * middle beside the path; where that leaves the host fewer than HOST_KEPT_MIN letters and
 * `twoLines` is allowed, the host on one line cut to the width and the path under it, whole.
 * The path is never cut: it is what tells one link from another.
 */
export function cutShort(shown: string, width: number, measure: Measure, twoLines = true): ShortShown {
  const slash = shown.indexOf('/');
  const host = slash === -1 ? shown : shown.slice(0, slash);
  const path = slash === -1 ? '' : shown.slice(slash);
  if (measure(shown) <= width) return { host, path, twoLines: false };
  const beside = cutMiddle(host, width, measure, path);
  const keptBeside = lettersOf(beside).length - 1;
  if (!twoLines || path === '' || keptBeside >= Math.min(HOST_KEPT_MIN, lettersOf(host).length - 1))
    return { host: beside, path, twoLines: false };
  return { host: cutMiddle(host, width, measure), path, twoLines: true };
}
