import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether the element holds something and nothing in it is pending (components/ui/Pending.tsx): the
 * moment a part that arrives in stages (a lazy view, its lazy pieces) has come whole. Looked at on every
 * change inside it, as it is committed; once true it stays true.
 */
export function useFilledIn(ref: RefObject<HTMLElement | null>): boolean {
  const [filled, setFilled] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (filled || !element) return;
    const look = () => {
      if (element.childElementCount > 0 && !element.querySelector('[data-pending]')) setFilled(true);
    };
    const changes = new MutationObserver(look);
    changes.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-pending'] });
    look();
    return () => changes.disconnect();
  }, [ref, filled]);
  return filled;
}
