import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether nothing in the element is pending (components/ui/Pending.tsx) any more: the moment a part
 * that arrives in stages (a lazy view, its lazy pieces, its reads) has come whole. It starts with
 * something pending, and may end with nothing in it (a banner with nothing to say). Looked at on
 * every change inside it, as it is committed; once true it stays true.
 */
export function useFilledIn(ref: RefObject<HTMLElement | null>): boolean {
  const [filled, setFilled] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (filled || !element) return;
    const look = () => {
      if (!element.querySelector('[data-pending]')) setFilled(true);
    };
    const changes = new MutationObserver(look);
    changes.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-pending'] });
    look();
    return () => changes.disconnect();
  }, [ref, filled]);
  return filled;
}
