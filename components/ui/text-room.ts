import type { Measure } from './link-text-cut';

/**
 * How wide a text is drawn and how much room a box gives it, for LinkText. A canvas measures a text
 * in the box's font without laying anything out, so a 50-row table is cut in one pass of about eight
 * measures a text; cutting by trying texts in the page would lay the table out again at each try.
 */
let context: CanvasRenderingContext2D | null | undefined;
let contextFont = '';

export function measureIn(box: Element): Measure {
  const style = getComputedStyle(box);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  context ??= document.createElement('canvas').getContext('2d');
  return (text) => {
    // No canvas (never in a browser that runs the extension): nothing is cut.
    if (!context) return 0;
    if (contextFont !== font) {
      context.font = font;
      contextFont = font;
    }
    return context.measureText(text).width;
  };
}

// One observer for every box on the page: fifty of them would each be called on their own.
const watched = new Map<Element, (width: number) => void>();
let observer: ResizeObserver | undefined;

/** Calls `onWidth` with the box's content width now and whenever it changes; returns how to stop. */
export function watchWidth(box: Element, onWidth: (width: number) => void): () => void {
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) watched.get(entry.target)?.(entry.contentRect.width);
  });
  watched.set(box, onWidth);
  observer.observe(box);
  return () => {
    observer?.unobserve(box);
    watched.delete(box);
  };
}
