import { useEffect, useState } from 'react';

/** The dashboard's section from the URL hash (#/channels), so sections can be linked and bookmarked. */
export function useHashRoute(fallback: string): string {
  const read = () => window.location.hash.replace(/^#\/?/, '').split(/[/?]/)[0] || fallback;
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  });
  return route;
}
