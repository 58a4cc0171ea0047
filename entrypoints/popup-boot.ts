import { startEarlyFirstScreen } from '@/lib/browser/early-first-screen';

/**
 * A classic script in popup.html right after its root element, ahead of the modules: see
 * lib/browser/early-first-screen.ts. The built page names its module entry in `data-main`
 * (components/ui/first-paint-html.ts), which this script imports once the picture's frame has left the
 * page; without it (`wxt dev`) the page's own module script runs.
 *
 * With `import()`, which asks for the entry and, once it has come, for its imports: inserting a
 * `modulepreload` link for each of them and a script held the main thread 4–13 ms right after the
 * picture's frame, while it was rastered. Imported earlier, while the page loads (an import is no part
 * of the load the toolbar's popup waits for before it is shown), the live list came sooner but the
 * picture later (README, Decisions 0023).
 */
export default defineUnlistedScript(() => {
  const main = document.currentScript?.dataset.main;
  startEarlyFirstScreen(document.getElementById('root')!, () => {
    if (!main) return;
    import(/* @vite-ignore */ main).catch((error: unknown) =>
      console.error('Linkpilot: loading the popup failed', error),
    );
  });
});
