import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted the next frame: a frame's callbacks run just before
 * it is painted, and a task queued from one runs after. Returns what cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the browser has painted the page once. What the first screen can do without renders
 * after that: loading it (Dexie, zod, the worker's messages) in the same moment held the first paint
 * back by as long again as the page took to get there. A hidden page never paints: it is told at once.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    if (painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [painted]);
  return painted;
}
