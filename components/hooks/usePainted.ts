import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the page once. What the first screen can do without renders
 * after that: loading it (Dexie, zod, the worker's messages) in the same moment held the first paint
 * back by as long again as the page took to get there. A hidden page never paints: it is told at once.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run just before it is painted; a task queued from one runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
