import { startEarlyFirstScreen } from '@/lib/browser/early-first-screen';

/**
 * A classic script in popup.html right after its root element, ahead of the modules: see
 * lib/browser/early-first-screen.ts. The built page names its module entry in `data-main` (see
 * components/ui/first-paint-html.ts), which this script starts; without it (`wxt dev`) the page's
 * own module script runs.
 */
export default defineUnlistedScript(() => {
  const main = document.currentScript?.dataset.main;
  startEarlyFirstScreen(document.getElementById('root')!, () => {
    if (!main) return;
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.src = main;
    document.body.append(entry);
  });
});
