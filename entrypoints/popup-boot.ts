import { startEarlyFirstScreen } from '@/lib/browser/early-first-screen';

/**
 * A classic script in popup.html right after its root element, ahead of the modules: see
 * lib/browser/early-first-screen.ts. The built page names its module entry in `data-main` and the
 * modules it imports in `data-preload` (components/ui/first-paint-html.ts), which this script asks for
 * together once the picture's frame has left the page; without them (`wxt dev`) the page's own module
 * script runs.
 */
export default defineUnlistedScript(() => {
  const { main, preload = '' } = document.currentScript?.dataset ?? {};
  startEarlyFirstScreen(document.getElementById('root')!, () => {
    if (!main) return;
    // In one insertion: six of them, one by one, held the main thread for 2–9 ms while the picture
    // was being rastered, and the picture and the live list both came later (README, Decisions 0023).
    document.head.append(
      ...preload
        .split(' ')
        .filter(Boolean)
        .map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href })),
      Object.assign(document.createElement('script'), { type: 'module', src: main }),
    );
  });
});
