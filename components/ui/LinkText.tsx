import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { displayUrl } from './format';
import { cutEnd, cutMiddle, cutShort, type Measure } from './link-text-cut';
import { measureIn, watchWidth } from './text-room';

/**
 * What a link is called on screen — its short address, its long address, its title, a QR code's
 * name — shown in the room its box has, the one way everywhere:
 *
 * - `short`: a short address without its scheme; a long host gives way in its middle, the alias never
 *   (with too little room beside it, the alias goes under the host unless `oneLine`);
 * - `address`: a long address without its scheme, cut in its middle;
 * - `title`: a title, cut at its end.
 *
 * Addresses read left to right in every language; a title in its own direction, isolated from the
 * page's, so an English title in an Arabic list keeps its start. The whole text is in `title`, and the
 * box is as wide as the whole text would be (its ::after), so it grows back when it is given room.
 */
export type LinkTextKind = 'short' | 'address' | 'title';

export function LinkText({
  kind,
  text,
  title = text,
  oneLine = false,
  className,
  testId,
  elementtiming,
}: {
  kind: LinkTextKind;
  /** The whole: a URL for `short` and `address`, the words for `title`. */
  text: string;
  /** The tooltip, when it should say more than the text itself. */
  title?: string;
  /** `short` only: the alias stays beside the host (a row of a fixed height). */
  oneLine?: boolean;
  className?: string;
  testId?: string;
  elementtiming?: string;
}) {
  const box = useRef<HTMLElement>(null);
  const measure = useRef<Measure>(() => 0);
  const [width, setWidth] = useState<number | null>(null);
  const shown = kind === 'title' ? text : displayUrl(text);

  // Before the first paint: the whole text never shows cut by the box's edge, not even for a frame.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    measure.current = measureIn(el);
    setWidth(el.getBoundingClientRect().width);
    return watchWidth(el, setWidth);
  }, []);

  const cut = useMemo(() => {
    if (width === null) return null;
    if (kind === 'short') return cutShort(shown, width, measure.current, !oneLine);
    return kind === 'address' ? cutMiddle(shown, width, measure.current) : cutEnd(shown, width, measure.current);
  }, [kind, shown, width, oneLine]);

  const classes = ['link-text', `link-text-${kind}`];
  if (typeof cut === 'object' && cut?.twoLines) classes.push('link-text-two-lines');
  if (className) classes.push(className);
  return (
    <bdi
      ref={box}
      dir={kind === 'title' ? 'auto' : 'ltr'}
      className={classes.join(' ')}
      title={title}
      data-whole={shown}
      data-testid={testId}
      elementtiming={elementtiming}
    >
      {cut === null || typeof cut === 'string' ? (
        (cut ?? shown)
      ) : (
        <>
          <span className="link-text-host">{cut.host}</span>
          <span className="link-text-path">{cut.path}</span>
        </>
      )}
    </bdi>
  );
}

/** A link or a page by its title, or by its address when it has none; the tooltip is the address. */
export function LinkTitle({
  title,
  url,
  className,
  elementtiming,
}: {
  title: string | null | undefined;
  url: string;
  className?: string;
  elementtiming?: string;
}) {
  return title?.trim() ? (
    <LinkText kind="title" text={title} title={url} className={className} elementtiming={elementtiming} />
  ) : (
    <LinkText kind="address" text={url} className={className} elementtiming={elementtiming} />
  );
}
