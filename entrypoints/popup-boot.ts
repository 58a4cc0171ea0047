import { showStartFailed } from '@/components/ui/start-failed';
import { startEarlyFirstScreen } from '@/lib/browser/early-first-screen';

/**
 * A classic script in popup.html right after its root element, ahead of the modules: see
 * lib/browser/early-first-screen.ts. In the built page (`data-main`: components/ui/first-paint-html.ts)
 * it imports the popup's module entry once the picture's frame has left the page; under `wxt dev` the
 * page's own module script runs.
 *
 * With `import()`: the popup is built alone (`builtAlone` in components/ui/first-paint-html.ts), so its
 * entry holds every module its first render needs, one file. Appending a `modulepreload` link for each
 * import of an entry built with the other pages instead held the main thread 4–8 ms right after the
 * picture's frame, and the picture's paint came that much later (README, Decisions 0023). The address is
 * a literal, as the stores' lint asks; the build puts the entry there.
 */
export default defineUnlistedScript(() => {
  const built = document.currentScript?.dataset.main !== undefined;
  const root = document.getElementById('root')!;
  startEarlyFirstScreen(root, () => {
    if (!built) return;
    // @ts-expect-error: the built popup's entry (components/ui/first-paint-html.ts), no module of the source.
    import('/chunks/popup.js').catch((error: unknown) => {
      console.error('Linkpilot: loading the popup failed', error);
      showStartFailed(root);
    });
  });
});
